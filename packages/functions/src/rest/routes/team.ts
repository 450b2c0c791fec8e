import { route } from '../row.ts';

/** Settings > Team: the members and the team's sign-in rule. */
export const teamRoutes = [
  route('GET', '/api/users', 'users.list', {
    doc: { operationId: 'listMembers', tag: 'Team', summary: 'The team', answer: 'Every member.' },
  }),
  route('POST', '/api/users', 'users.invite', {
    status: 201,
    doc: {
      operationId: 'inviteMember',
      tag: 'Team',
      summary: 'Invite a member',
      description: 'Needs a confirmed password.',
      answer: 'The invitation, shown this once.',
      errors: [409],
    },
  }),
  route('POST', '/api/users/:id/disable', 'users.disable', {
    status: 204,
    doc: {
      operationId: 'disableMember',
      tag: 'Team',
      summary: 'Disable a member',
      description: 'Ends their sessions. Needs a confirmed password.',
      answer: 'Disabled.',
      errors: [409],
    },
  }),
  route('POST', '/api/users/:id/enable', 'users.enable', {
    status: 204,
    doc: {
      operationId: 'enableMember',
      tag: 'Team',
      summary: 'Enable a disabled member',
      description: 'Needs a confirmed password.',
      answer: 'Enabled.',
      errors: [409],
    },
  }),
  route('POST', '/api/users/:id/reset', 'users.reset', {
    doc: {
      operationId: 'resetMember',
      tag: 'Team',
      summary: "Reset a member's password and 2FA",
      description: 'The member sets a new password through a new invitation. Needs a confirmed password.',
      answer: 'The new invitation, shown this once.',
      errors: [409],
    },
  }),
  route('DELETE', '/api/users/:id', 'users.delete', {
    status: 204,
    doc: {
      operationId: 'deleteMember',
      tag: 'Team',
      summary: 'Delete an invited member',
      description: 'Only a member who never signed in can be deleted. Needs a confirmed password.',
      answer: 'Deleted.',
      errors: [409],
    },
  }),
  route('GET', '/api/security-settings', 'users.securityPolicy', {
    doc: { operationId: 'getSecurityPolicy', tag: 'Team', summary: "The team's sign-in rule", answer: 'The rule.' },
  }),
  route('PUT', '/api/security-settings', 'users.saveSecurityPolicy', {
    doc: {
      operationId: 'saveSecurityPolicy',
      tag: 'Team',
      summary: "Save the team's sign-in rule",
      description: 'Requiring 2FA needs it on for yourself first (else 409). Needs a confirmed password.',
      answer: 'The rule as saved.',
      errors: [409],
    },
  }),
];
