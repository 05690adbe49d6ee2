// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

interface IApprove {
    function approve(address spender, uint256 value) external returns (bool);
}

interface IFeeProxy {
    function transferFromWithReferenceAndFee(address token, address to, uint256 amount, bytes calldata paymentReference, uint256 feeAmount, address feeAddress) external;
}

/// @title PayRelay
/// @notice Test only: the screening attack. A wallet deploys this relay, parks tokens in it and pays
///         through it: the token's `Transfer` names the relay as the sender, only the transaction
///         names the wallet that signed and paid the gas. Only its deployer may use it. Never deploy it.
contract PayRelay {
    address private immutable owner = msg.sender;

    /// @notice Pays `amount` of the relay's own `token` to `to` through Request Network's fee proxy with `paymentReference`.
    function pay(address proxy, address token, address to, uint256 amount, bytes calldata paymentReference) external {
        require(msg.sender == owner, "owner");
        require(IApprove(token).approve(proxy, amount), "approve");
        IFeeProxy(proxy).transferFromWithReferenceAndFee(token, to, amount, paymentReference, 0, address(0));
    }
}
