import { Heading, Text } from "@radix-ui/themes";
import { CopyLinkField } from "~/components/copy-link-field";
import { HistoryTable, type HistoryRow } from "~/components/history-table";
import { formatDate } from "~/formatting/format";
import { formatCredit, FRIEND_STATUS_LABELS, type FriendStatus } from "./referrals";

/** What the pages get from `referralOverview` (dates as JSON strings once serialized). */
export interface ReferralOverviewView {
  code: string;
  link: string;
  rewardCents: number;
  friends: { name: string; joinedAt: string | Date; status: FriendStatus }[];
  invitations: { email: string; lastSentAt: string | Date; timesSent: number; status: FriendStatus }[];
  counts: { invited: number; joined: number; purchased: number };
  earnedCents: number;
  balanceCents: number;
}

/** The member's invite link, to select or copy (app/components/copy-link-field.tsx). */
export function InviteLinkField({ link }: { link: string }) {
  return <CopyLinkField link={link} label="Your invite link" />;
}

/** Invited, joined, paying friends and the credit they earned, as a description list. */
export function ReferralStats({ overview }: { overview: Pick<ReferralOverviewView, "counts" | "earnedCents" | "balanceCents"> }) {
  const items: [string, string][] = [
    ["Invitations sent", String(overview.counts.invited)],
    ["Friends who joined", String(overview.counts.joined)],
    ["Friends who made a purchase", String(overview.counts.purchased)],
    ["Credit earned", formatCredit(overview.earnedCents)],
    ["Credit to spend", formatCredit(overview.balanceCents)],
  ];
  return (
    <dl className="referral-stats">
      {items.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The friends who joined through the member, then the addresses the member mailed. */
export function ReferralLists({ overview }: { overview: Pick<ReferralOverviewView, "friends" | "invitations"> }) {
  return (
    <>
      <ListSection
        id="referred-friends"
        title="Friends who joined"
        columns={["Joined", "Friend", "Status"]}
        rows={overview.friends.map((friend, index) => ({ key: index, cells: [formatDate(friend.joinedAt), friend.name, FRIEND_STATUS_LABELS[friend.status]] }))}
        empty="No one has joined through your link yet."
      />
      <ListSection
        id="sent-invitations"
        title="Invitations you sent"
        columns={["Sent", "Email", "Status"]}
        rows={overview.invitations.map((invitation) => ({
          key: invitation.email,
          cells: [formatDate(invitation.lastSentAt), invitation.email, FRIEND_STATUS_LABELS[invitation.status]],
        }))}
        empty="You have not emailed any invitations yet."
      />
    </>
  );
}

function ListSection({ id, title, columns, rows, empty }: { id: string; title: string; columns: string[]; rows: HistoryRow[]; empty: string }) {
  return (
    <section aria-labelledby={id}>
      <Heading as="h2" size="4" id={id} mb="2">
        {title}
      </Heading>
      {rows.length ? (
        <HistoryTable columns={columns} rows={rows} />
      ) : (
        <Text as="p" color="gray">
          {empty}
        </Text>
      )}
    </section>
  );
}
