import { route } from '../row.ts';

/** The global settings. */
export const settingsRoutes = [
  route('GET', '/api/app-settings', 'settings.get', {
    doc: { operationId: 'getAppSettings', tag: 'Settings', summary: 'The global settings', answer: 'The settings.' },
  }),
  route('POST', '/api/app-settings', 'settings.save', {
    doc: {
      operationId: 'saveAppSettings',
      tag: 'Settings',
      summary: 'Save the global settings',
      description:
        "SPEC's body is `{serviceFeePercentage}`. `timeZone` (an IANA name) is optional: left out, the zone stays as it is; " +
        'an unknown one is refused with 400 `Unknown time zone` and nothing changes.',
      answer: 'The settings as saved.',
      errors: [409],
    },
  }),
];
