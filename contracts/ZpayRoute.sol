// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";
import {ReentrancyGuard} from "@openzeppelin/contracts/utils/ReentrancyGuard.sol";
import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";

/// @title ZpayRoute
/// @notice A non-custodial merchant's own payment route: payers send tokens here, and only the
///         merchant's wallet (the owner) moves them out, either to its settlement address or to an
///         address it whitelisted (`settle`), or back to a payer (`refund`). zpay never holds a key
///         that can move these funds.
/// @dev SafeERC20 so tokens that return no bool (USDT on Ethereum) or revert work alike;
///      `nonReentrant` comes before `onlyOwner` so a token that calls back into the route is
///      stopped by the guard whatever the caller.
contract ZpayRoute is Ownable, ReentrancyGuard {
    using SafeERC20 for IERC20;

    /// @notice Where `settle` may always send; starts as the owner.
    address public settlementAddress;
    /// @notice Other addresses `settle` may send to, added and removed by the owner.
    mapping(address account => bool) public isWhitelisted;

    event Settled(address indexed token, address indexed to, uint256 amount);
    event Refunded(address indexed token, address indexed to, uint256 amount, bytes paymentReference);
    event SettlementAddressUpdated(address indexed previousAddress, address indexed newAddress);
    event WhitelistAdded(address indexed account);
    event WhitelistRemoved(address indexed account);

    /// @notice `settle` to an address that is neither the settlement address nor whitelisted.
    error NotWhitelisted(address to);
    /// @notice The zero address where a recipient is required.
    error ZeroAddress();
    /// @notice A transfer of nothing (most likely a client bug: refuse rather than emit a misleading event).
    error ZeroAmount();

    constructor(address owner_) Ownable(owner_) {
        settlementAddress = owner_;
        emit SettlementAddressUpdated(address(0), owner_);
    }

    /// @notice Sends `amount` base units of `token` to `to`, which must be the settlement address
    ///         or whitelisted. Owner only.
    function settle(address token, address to, uint256 amount) external nonReentrant onlyOwner {
        if (to == address(0)) revert ZeroAddress();
        if (amount == 0) revert ZeroAmount();
        if (to != settlementAddress && !isWhitelisted[to]) revert NotWhitelisted(to);
        IERC20(token).safeTransfer(to, amount);
        emit Settled(token, to, amount);
    }

    /// @notice Pays `amount` base units of `token` back to a payer; `paymentReference` (zpay's payment
    ///         reference) is carried by the event so the refund can be matched to its payment. Owner only.
    function refund(address token, address to, uint256 amount, bytes calldata paymentReference) external nonReentrant onlyOwner {
        if (to == address(0)) revert ZeroAddress();
        if (amount == 0) revert ZeroAmount();
        IERC20(token).safeTransfer(to, amount);
        emit Refunded(token, to, amount, paymentReference);
    }

    /// @notice Changes the address `settle` may always send to. Owner only.
    function updateSettlementAddress(address newAddress) external onlyOwner {
        if (newAddress == address(0)) revert ZeroAddress();
        emit SettlementAddressUpdated(settlementAddress, newAddress);
        settlementAddress = newAddress;
    }

    /// @notice Lets `settle` send to `account`. Owner only; adding twice is a no-op without an event.
    function addWhitelist(address account) external onlyOwner {
        if (account == address(0)) revert ZeroAddress();
        if (isWhitelisted[account]) return;
        isWhitelisted[account] = true;
        emit WhitelistAdded(account);
    }

    /// @notice Stops `settle` sending to `account` (the settlement address stays allowed). Owner only.
    function removeWhitelist(address account) external onlyOwner {
        if (!isWhitelisted[account]) return;
        isWhitelisted[account] = false;
        emit WhitelistRemoved(account);
    }
}
