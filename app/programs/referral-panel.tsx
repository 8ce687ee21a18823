import { Button, Flex, Heading, Text } from "@radix-ui/themes";
import { useEffect, useId, useState } from "react";
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

/**
 * The member's invite link in a read-only field anyone can select and copy; once JavaScript runs,
 * a button copies it in one press.
 */
export function InviteLinkField({ link }: { link: string }) {
  const id = useId();
  const [canCopy, setCanCopy] = useState(false);
  const [copied, setCopied] = useState(false);
  useEffect(() => setCanCopy(typeof navigator !== "undefined" && Boolean(navigator.clipboard)), []);
  return (
    <Flex direction="column" gap="1">
      <label htmlFor={id}>
        <Text size="2" weight="medium">
          Your invite link
        </Text>
      </label>
      <Flex gap="2" wrap="wrap" align="center">
        <input id={id} className="native-input invite-link" type="text" readOnly value={link} onFocus={(event) => event.currentTarget.select()} />
        {canCopy ? (
          <Button
            type="button"
            variant="soft"
            onClick={() => {
              void navigator.clipboard.writeText(link).then(() => setCopied(true));
            }}
          >
            {copied ? "Copied" : "Copy link"}
          </Button>
        ) : null}
      </Flex>
      <Text size="1" color="gray" role="status">
        {copied ? "The link is on your clipboard." : ""}
      </Text>
    </Flex>
  );
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
