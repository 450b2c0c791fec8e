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
      answer: 'The settings as saved.',
      errors: [409],
    },
  }),
];
