/// <reference path="./.sst/platform/config.d.ts" />

// AWS deployment (SST v3+). The resources arrive with the AWS issue; the app is declared here
// so `npx sst` finds it.
export default $config({
  app(input) {
    return {
      name: 'event-admin',
      home: 'aws',
      removal: input?.stage === 'production' ? 'retain' : 'remove',
    };
  },
  async run() {},
});
