/**
 * The JVM's quick compiler alone (no C2): vitest.config.ts gives it to the tests' short-lived
 * DynamoDB Locals; the integration suite's long-lived one goes without (dynamo.global.ts).
 */
export const quickJit = '-XX:TieredStopAtLevel=1';
