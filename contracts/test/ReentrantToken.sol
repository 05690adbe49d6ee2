// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

interface IRoute {
    function settle(address token, address to, uint256 amount) external;
}

/// @title ReentrantToken
/// @notice Test only: an ERC-20 whose `transfer` calls back into the route that is sending it
///         (`settle` again, to the same recipient), to prove the route's reentrancy guard holds.
///         Anyone may mint. Never deploy it.
contract ReentrantToken {
    mapping(address account => uint256) public balanceOf;

    function mint(address to, uint256 value) external {
        balanceOf[to] += value;
    }

    function transfer(address to, uint256 value) external returns (bool) {
        balanceOf[msg.sender] -= value;
        balanceOf[to] += value;
        // msg.sender is the route: try to drain it a second time inside the first settle.
        IRoute(msg.sender).settle(address(this), to, value);
        return true;
    }
}
