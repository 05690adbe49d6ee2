/** What a non-custodial merchant is told when its EVM wallet cannot be attached yet (server and screens share them). */
export const ROUTE_MESSAGES = {
  manual: "Connect the wallet that will own your route contract: a non-custodial wallet cannot be entered by hand.",
  unavailable: "Route contracts are not available on this network.",
  notDeployed: "Deploy your route contract first.",
  wrongDeploy: "This transaction did not deploy a route contract for this wallet.",
} as const;
