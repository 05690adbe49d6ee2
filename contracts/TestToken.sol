// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @title TestToken
/// @notice A minimal ERC-20 for zpay's local sandbox networks only: test USDC and USDT with the
///         decimals given at deployment (6 like most stablecoins, 18 like USDT on BNB Smart Chain),
///         minted by the deployer (the sandbox faucet). Never deploy it on a real chain.
/// @dev Written for the sandbox (no OpenZeppelin). Errors follow the ERC-6093 names so viem
///      decodes them. Calldata after the ABI arguments is ignored by the decoder, so a transfer
///      may carry an order reference appended to its calldata (zpay's `transferData`).
contract TestToken {
    /// @notice Token name, e.g. "USD Coin (test)".
    string public name;
    /// @notice Token symbol, e.g. "USDC".
    string public symbol;
    /// @notice Base units per token as a power of ten: 6 like USDC and USDT, 18 like USDT on BNB Smart Chain.
    uint8 public immutable decimals;
    /// @notice Sum of all balances.
    uint256 public totalSupply;
    /// @notice The only account allowed to mint: the deployer.
    address public immutable owner;

    mapping(address account => uint256) public balanceOf;
    mapping(address account => mapping(address spender => uint256)) public allowance;

    event Transfer(address indexed from, address indexed to, uint256 value);
    event Approval(address indexed owner, address indexed spender, uint256 value);

    error ERC20InsufficientBalance(address sender, uint256 balance, uint256 needed);
    error ERC20InsufficientAllowance(address spender, uint256 allowance, uint256 needed);
    error ERC20InvalidSender(address sender);
    error ERC20InvalidReceiver(address receiver);
    error ERC20InvalidApprover(address approver);
    error ERC20InvalidSpender(address spender);
    error OwnableUnauthorizedAccount(address account);

    constructor(string memory name_, string memory symbol_, uint8 decimals_) {
        name = name_;
        symbol = symbol_;
        decimals = decimals_;
        owner = msg.sender;
    }

    /// @notice Creates `value` base units for `to`. Owner only.
    function mint(address to, uint256 value) external {
        if (msg.sender != owner) revert OwnableUnauthorizedAccount(msg.sender);
        if (to == address(0)) revert ERC20InvalidReceiver(address(0));
        totalSupply += value;
        unchecked {
            balanceOf[to] += value; // cannot overflow: bounded by totalSupply
        }
        emit Transfer(address(0), to, value);
    }

    function transfer(address to, uint256 value) external returns (bool) {
        _transfer(msg.sender, to, value);
        return true;
    }

    function approve(address spender, uint256 value) external returns (bool) {
        if (spender == address(0)) revert ERC20InvalidSpender(address(0));
        allowance[msg.sender][spender] = value;
        emit Approval(msg.sender, spender, value);
        return true;
    }

    /// @notice Moves `value` from `from` to `to` using the caller's allowance; an allowance of
    ///         type(uint256).max is never decreased.
    function transferFrom(address from, address to, uint256 value) external returns (bool) {
        uint256 allowed = allowance[from][msg.sender];
        if (allowed != type(uint256).max) {
            if (allowed < value) revert ERC20InsufficientAllowance(msg.sender, allowed, value);
            unchecked {
                allowance[from][msg.sender] = allowed - value;
            }
        }
        _transfer(from, to, value);
        return true;
    }

    function _transfer(address from, address to, uint256 value) private {
        if (from == address(0)) revert ERC20InvalidSender(address(0));
        if (to == address(0)) revert ERC20InvalidReceiver(address(0));
        uint256 balance = balanceOf[from];
        if (balance < value) revert ERC20InsufficientBalance(from, balance, value);
        unchecked {
            balanceOf[from] = balance - value;
            balanceOf[to] += value; // cannot overflow: bounded by totalSupply
        }
        emit Transfer(from, to, value);
    }
}
