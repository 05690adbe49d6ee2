// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ZpayRoute} from "./ZpayRoute.sol";

/// @title ZpayRouteFactory
/// @notice Deploys one `ZpayRoute` per merchant wallet, owned by that wallet, and answers which
///         route a wallet has. Anyone may deploy their own route; nobody can deploy someone else's.
/// @dev CREATE2 with the owner as salt: the route's address is known before it exists (`predict`)
///      and is the same on every chain where the factory sits at the same address.
contract ZpayRouteFactory {
    /// @notice The route of `owner`, or the zero address when it has none yet.
    mapping(address owner => address) public routeOf;

    event RouteDeployed(address indexed owner, address indexed route);

    /// @notice `deploy` by a wallet that already has a route.
    error RouteExists(address owner, address route);

    /// @notice Deploys the caller's route (the caller becomes its owner and settlement address).
    function deploy() external returns (address route) {
        address existing = routeOf[msg.sender];
        if (existing != address(0)) revert RouteExists(msg.sender, existing);
        route = address(new ZpayRoute{salt: _salt(msg.sender)}(msg.sender));
        routeOf[msg.sender] = route;
        emit RouteDeployed(msg.sender, route);
    }

    /// @notice The address `owner`'s route has or will have.
    function predict(address owner) external view returns (address) {
        bytes32 initCodeHash = keccak256(abi.encodePacked(type(ZpayRoute).creationCode, abi.encode(owner)));
        return address(uint160(uint256(keccak256(abi.encodePacked(bytes1(0xff), address(this), _salt(owner), initCodeHash)))));
    }

    function _salt(address owner) private pure returns (bytes32) {
        return bytes32(uint256(uint160(owner)));
    }
}
