import { parseAbi } from "viem";

/**
 * A non-custodial merchant's route contract (contracts/ZpayRoute.sol), typed for viem: what the
 * merchant's wallet calls and what the server reads. Kept equal to the compiled ABI by a test
 * (route-contract.test.ts). The errors include OpenZeppelin's, so viem decodes every revert.
 */
export const routeAbi = parseAbi([
  "constructor(address owner_)",
  "function owner() view returns (address)",
  "function settlementAddress() view returns (address)",
  "function isWhitelisted(address account) view returns (bool)",
  "function settle(address token, address to, uint256 amount)",
  "function refund(address token, address to, uint256 amount, bytes paymentReference)",
  "function updateSettlementAddress(address newAddress)",
  "function addWhitelist(address account)",
  "function removeWhitelist(address account)",
  "function renounceOwnership()",
  "function transferOwnership(address newOwner)",
  "event Settled(address indexed token, address indexed to, uint256 amount)",
  "event Refunded(address indexed token, address indexed to, uint256 amount, bytes paymentReference)",
  "event SettlementAddressUpdated(address indexed previousAddress, address indexed newAddress)",
  "event WhitelistAdded(address indexed account)",
  "event WhitelistRemoved(address indexed account)",
  "event OwnershipTransferred(address indexed previousOwner, address indexed newOwner)",
  "error NotWhitelisted(address to)",
  "error ZeroAddress()",
  "error ZeroAmount()",
  "error OwnableUnauthorizedAccount(address account)",
  "error OwnableInvalidOwner(address owner)",
  "error ReentrancyGuardReentrantCall()",
  "error SafeERC20FailedOperation(address token)",
]);

/** The factory that deploys one route per merchant wallet (contracts/ZpayRouteFactory.sol). */
export const routeFactoryAbi = parseAbi([
  "function routeOf(address owner) view returns (address)",
  "function predict(address owner) view returns (address)",
  "function deploy() returns (address route)",
  "event RouteDeployed(address indexed owner, address indexed route)",
  "error RouteExists(address owner, address route)",
]);
