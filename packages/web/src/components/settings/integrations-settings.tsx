import { ApiTokensSection } from '../security/api-tokens-section.tsx';
import { WebhooksSection } from '../webhooks/webhooks-section.tsx';
import { SettingsCard } from './settings-card.tsx';

/** Integrations: the API's reference, API tokens to call it with, and webhooks it calls back (docs/webhooks.md). */
export function IntegrationsSettings() {
  return (
    <div className="flex flex-col gap-6">
      <SettingsCard
        title="API reference"
        description="Every call of the REST API, its parameters and answers, from the OpenAPI document the server checks itself against."
      >
        <div className="flex flex-wrap gap-2">
          <a className="btn btn-outline btn-sm" href="/api/docs" target="_blank" rel="noopener">
            Open the API reference
          </a>
          <a className="btn btn-ghost btn-sm" href="/api/openapi.json" download="openapi.json">
            Download openapi.json
          </a>
        </div>
      </SettingsCard>
      <ApiTokensSection />
      <WebhooksSection />
    </div>
  );
}
