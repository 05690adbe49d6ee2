// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @title NoBoolToken
/// @notice Test only: an ERC-20 whose `transfer` returns nothing, like USDT on Ethereum, so tests
///         prove the route's transfers (SafeERC20) work with it. Anyone may mint. Never deploy it.
contract NoBoolToken {
    mapping(address account => uint256) public balanceOf;

    event Transfer(address indexed from, address indexed to, uint256 value);

    function mint(address to, uint256 value) external {
        balanceOf[to] += value;
        emit Transfer(address(0), to, value);
    }

    /// @dev No return value: a caller that decodes a bool from it reverts.
    function transfer(address to, uint256 value) external {
        require(balanceOf[msg.sender] >= value, "balance");
        balanceOf[msg.sender] -= value;
        balanceOf[to] += value;
        emit Transfer(msg.sender, to, value);
    }
}
