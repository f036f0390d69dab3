export * from "./auth";
export * from "./campaigns";
export * from "./billing";
export * from "./blog";
export * from "./system";
export * from "./redeem";
