import type { Metadata } from "next";
import { ConfirmedChangeButton } from "@/components/console/confirmed-change-button";
import { InviteForm } from "@/components/console/members/invite-form";
import { RevokeInviteButton } from "@/components/console/members/revoke-invite-button";
import { PageHeader } from "@/components/console/page-header";
import { ReadOnlyNotice } from "@/components/console/read-only-notice";
import { DateOnly, RelativeTime } from "@/components/console/time-stamp";
import { Badge } from "@/components/ui/badge";
import { EmptyState } from "@/components/ui/empty-state";
import { UsersIcon } from "@/components/ui/icons";
import { Pagination } from "@/components/ui/pagination";
import { Panel, PanelBody } from "@/components/ui/panel";
import { TBody, THead, Table, Td, Th, Tr } from "@/components/ui/table";
import { requireMember } from "@/lib/console/guard";
import { listMembers } from "@/lib/console/list-members";
import { parsePageParam } from "@/lib/console/pagination";
import { inviteState, listOpenInvites } from "@/lib/domain/orgs/invites";
import { changeMemberRoleAction, createInviteAction, removeMemberAction, revokeInviteAction } from "./actions";
import { TwoFactorRequirementForm } from "@/components/console/members/two-factor-requirement-form";
import { twoFactorCoverage } from "@/lib/domain/orgs/two-factor-requirement";
import { setTwoFactorRequirementAction } from "./two-factor-actions";

const ROLE_LABELS = { admin: "Admin", member: "Member", door_staff: "Door staff" } as const;

export const metadata: Metadata = { title: "Members" };

type Props = { params: Promise<{ orgId: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function MembersPage({ params, searchParams }: Props) {
  const { orgId } = await params;
  const { user, org, membership } = await requireMember(orgId);
  const [members, invites] = await Promise.all([listMembers(orgId, parsePageParam((await searchParams).page)), listOpenInvites(orgId)]);
  const isAdmin = membership.role === "admin";
  const now = new Date();

  return (
    <>
      <PageHeader
        title="Members"
        description={<>People who can sign in to the console of {org.name}. Admins manage integrations and members; members can view everything but change nothing.</>}
      />
      {isAdmin ? null : <ReadOnlyNotice what="the members of this organization" />}
      {isAdmin ? (
        <Panel title="Invite someone" description="No email is sent: you get a one-time link to pass on yourself." id="invite">
          <PanelBody>
            <InviteForm orgId={orgId} action={createInviteAction} disabledReason={null} />
          </PanelBody>
        </Panel>
      ) : null}
      <Panel title="Members" id="members" description={`${members.page.total} ${members.page.total === 1 ? "person" : "people"}`}>
        <Table label="Members" minWidth="32rem">
          <THead>
            <Th>Person</Th>
            <Th>Role</Th>
            <Th>Joined</Th>
            {isAdmin ? (
              <Th className="text-right">
                <span className="sr-only">Actions</span>
              </Th>
            ) : null}
          </THead>
          <TBody>
            {members.rows.map((member) => (
              <Tr key={member.id} data-testid="member-row">
                <Td className="max-sm:pb-2">
                  <div className="font-medium text-zinc-900 dark:text-zinc-100">
                    {member.name || member.email}
                    {member.userId === user.id ? <span className="ml-2 text-xs font-normal text-zinc-500 dark:text-zinc-400">(you)</span> : null}
                  </div>
                  {member.name ? <div className="text-xs text-zinc-500 dark:text-zinc-400">{member.email}</div> : null}
                </Td>
                <Td label="Role">
                  <Badge tone={member.role === "admin" ? "blue" : "neutral"}>{ROLE_LABELS[member.role]}</Badge>
                </Td>
                <Td label="Joined" className="whitespace-nowrap">
                  <DateOnly date={member.joinedAt} />
                </Td>
                {isAdmin ? (
                  <Td className="text-right max-sm:pt-2">
                    {member.role === "admin" && members.adminCount === 1 ? (
                      // The last admin can be neither demoted nor removed: no button that would only be refused.
                      <span className="text-xs text-zinc-500 dark:text-zinc-400" data-testid="only-admin">
                        The only admin: make someone else admin first to change this role.
                      </span>
                    ) : (
                    <div className="flex flex-wrap justify-end gap-2">
                      <ConfirmedChangeButton
                        fields={{ orgId, membershipId: member.id, role: member.role === "admin" ? "member" : "admin" }}
                        action={changeMemberRoleAction}
                        label={member.role === "admin" ? "Make member" : "Make admin"}
                        srLabel={member.name || member.email}
                        title={member.role === "admin" ? `Make ${member.name || member.email} a member?` : `Make ${member.name || member.email} an admin?`}
                        description={member.role === "admin" ? "They keep read access but can no longer change anything. The last admin cannot be demoted." : "They can change keys, webhooks, data sources, events and members."}
                        confirmLabel="Change role"
                        pendingLabel="Changing…"
                        testId="change-role"
                      />
                      <ConfirmedChangeButton
                        fields={{ orgId, membershipId: member.id }}
                        action={removeMemberAction}
                        danger
                        label="Remove"
                        srLabel={member.name || member.email}
                        title={`Remove ${member.name || member.email}?`}
                        description="They lose access to this organization at once; their account stays. The last admin cannot be removed."
                        confirmLabel="Remove member"
                        pendingLabel="Removing…"
                        testId="remove-member"
                      />
                    </div>
                    )}
                  </Td>
                ) : null}
              </Tr>
            ))}
          </TBody>
        </Table>
        {members.page.total > members.page.pageSize ? (
          <Pagination info={members.page} basePath={`/console/${orgId}/members`} label="Member pages" />
        ) : null}
      </Panel>
      <Panel title="Pending invitations" id="invitations" description="Links that have not been used yet. Expired links stay listed until revoked or re-issued.">
        {invites.length === 0 ? (
          <EmptyState icon={<UsersIcon className="size-5" />} title="No pending invitations">
            {isAdmin ? "Invite a teammate above; their invitation appears here until they accept it." : "Invitations an admin creates appear here until they are accepted."}
          </EmptyState>
        ) : (
          <Table label="Pending invitations" minWidth="40rem">
            <THead>
              <Th>Email</Th>
              <Th>Role</Th>
              <Th>Invited by</Th>
              <Th>Expires</Th>
              {isAdmin ? (
                <Th className="text-right">
                  <span className="sr-only">Actions</span>
                </Th>
              ) : null}
            </THead>
            <TBody>
              {invites.map((invite) => {
                const expired = inviteState(invite, now) === "expired";
                return (
                  <Tr key={invite.id} data-testid="invite-row">
                    <Td className="font-medium break-all text-zinc-900 max-sm:pb-2 dark:text-zinc-100">{invite.email}</Td>
                    <Td label="Role">
                      <Badge tone={invite.role === "admin" ? "blue" : "neutral"}>{ROLE_LABELS[invite.role]}</Badge>
                    </Td>
                    <Td label="Invited by">{invite.createdBy ? invite.createdBy.name || invite.createdBy.email : "—"}</Td>
                    <Td label="Expires" className="whitespace-nowrap">
                      {expired ? <Badge tone="amber">Expired</Badge> : <RelativeTime date={invite.expiresAt} now={now} />}
                    </Td>
                    {isAdmin ? (
                      <Td className="text-right max-sm:pt-2">
                        <RevokeInviteButton orgId={orgId} inviteId={invite.id} email={invite.email} action={revokeInviteAction} disabledReason={null} />
                      </Td>
                    ) : null}
                  </Tr>
                );
              })}
            </TBody>
          </Table>
        )}
      </Panel>
      <TwoFactorPanel orgId={orgId} required={org.requireTwoFactor} isAdmin={isAdmin} />
    </>
  );
}

/** Whether the organization requires two-factor sign-in, how many have it, and the admin's switch. */
async function TwoFactorPanel({ orgId, required, isAdmin }: { orgId: string; required: boolean; isAdmin: boolean }) {
  const coverage = await twoFactorCoverage(orgId);
  return (
    <Panel
      title="Two-factor sign-in"
      id="two-factor"
      description={required ? "Required: every member signs in with a code from an authenticator app as well as a password." : "Not required: each member chooses on their account page."}
    >
      <PanelBody>
        <div className="space-y-4">
          <p className="text-sm text-zinc-700 dark:text-zinc-300" data-testid="two-factor-coverage">
            {coverage.withTwoFactor} of {coverage.members} {coverage.members === 1 ? "member has" : "members have"} two-factor sign-in on.
          </p>
          {isAdmin ? <TwoFactorRequirementForm orgId={orgId} required={required} action={setTwoFactorRequirementAction} /> : null}
        </div>
      </PanelBody>
    </Panel>
  );
}
