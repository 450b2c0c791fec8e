import { useState } from 'react';
import type { Invitation, UserInfo } from '@event-admin/core/user/user.schema';
import { InvitationDialog } from '../team/invitation-dialog.tsx';
import { InviteMemberDialog } from '../team/invite-member-dialog.tsx';
import { actionsFor, MemberActionDialog, memberActions, type MemberAction } from '../team/member-action-dialog.tsx';
import { DataTable, type Column, queryStates } from '../ui/data-table.tsx';
import { StatusBadge } from '../ui/status-badge.tsx';
import { formatDateTime } from '../../lib/format.ts';
import { trpc } from '../../lib/trpc.ts';
import { SettingsCard } from './settings-card.tsx';

/**
 * Team: the members, each an Administrator with their own sign-in. Invite one (the link is shown
 * once), and disable, enable, reset or delete the others; every change asks for the password
 * first when the server wants it again.
 */
export function TeamSettings() {
  const me = trpc.auth.me.useQuery();
  const members = trpc.users.list.useQuery();
  const [inviting, setInviting] = useState(false);
  const [invitation, setInvitation] = useState<Invitation | null>(null);
  const [pending, setPending] = useState<{ action: MemberAction; member: UserInfo } | null>(null);
  const columns = memberColumns(me.data?.username, (action, member) => setPending({ action, member }));

  return (
    <SettingsCard wide title="Team" description="Everyone on the team is an Administrator and signs in with their own password.">
      <div>
        <button type="button" className="btn btn-primary" onClick={() => setInviting(true)}>
          Invite Member
        </button>
      </div>
      <DataTable
        columns={columns}
        rows={members.data ?? []}
        rowKey={(member) => member.id}
        label="Team members"
        tableClassName="table table-sm"
        {...queryStates(members)}
        loadingRows={3}
        empty="No members yet."
        rowData={(member) => ({ 'data-username': member.username })}
      />
      <InviteMemberDialog
        open={inviting}
        onClose={() => setInviting(false)}
        onInvited={(created) => {
          setInviting(false);
          setInvitation(created);
        }}
      />
      <MemberActionDialog pending={pending} onClose={() => setPending(null)} onInvitation={setInvitation} />
      <InvitationDialog invitation={invitation} onClose={() => setInvitation(null)} />
    </SettingsCard>
  );
}

/** The members' table: no actions on the signed-in member's own row, nor before it is known. */
function memberColumns(myUsername: string | undefined, act: (action: MemberAction, member: UserInfo) => void): Column<UserInfo>[] {
  return [
    { id: 'username', header: 'Username', cell: (m) => <span className="font-medium">{m.username}</span> },
    { id: 'name', header: 'Name', cell: (m) => m.name },
    { id: 'status', header: 'Status', cell: (m) => <StatusBadge kind="member" status={m.status} /> },
    { id: 'twoFactor', header: '2FA', cell: (m) => (m.twoFactorEnabled ? 'On' : 'Off') },
    {
      id: 'lastSignIn',
      header: 'Last sign-in',
      className: 'whitespace-nowrap',
      cell: (m) => (m.lastSignInAt ? formatDateTime(m.lastSignInAt) : 'Never'),
    },
    {
      id: 'actions',
      header: 'Actions',
      align: 'right',
      cell: (m) =>
        myUsername === undefined ? null : m.username === myUsername ? (
          <span className="badge badge-ghost badge-sm">You</span>
        ) : (
          <div className="flex justify-end gap-1">
            {actionsFor(m).map((action) => (
              <button
                key={action}
                type="button"
                className={`btn btn-outline btn-xs ${memberActions[action].danger ? 'btn-error' : ''}`}
                aria-label={`${memberActions[action].label} ${m.username}`}
                onClick={() => act(action, m)}
              >
                {memberActions[action].label}
              </button>
            ))}
          </div>
        ),
    },
  ];
}
