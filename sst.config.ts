/// <reference path="./.sst/platform/config.d.ts" />

// AWS deployment (SST v3+): the table, the API as a Lambda, the app on CloudFront. See docs/aws.md.
export default $config({
  app(input) {
    return {
      name: 'event-admin',
      home: 'aws',
      removal: input?.stage === 'production' ? 'retain' : 'remove',
      protect: input?.stage === 'production',
      // The origin secret between CloudFront and the function (infra/api.ts).
      providers: { random: '4.19.1' },
    };
  },
  async run() {
    const { table } = await import('./infra/storage.ts');
    await import('./infra/jobs.ts');
    await import('./infra/webhooks.ts');
    const { api } = await import('./infra/api.ts');
    const { router } = await import('./infra/web.ts');
    return { url: router.url, api: api.url, table: table.name };
  },
});
