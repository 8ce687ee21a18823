import { Button, Flex, Heading, Text } from "@radix-ui/themes";
import { Link } from "@remix-run/react";
import { formatDate } from "~/formatting/format";
import { InviteLinkField, ReferralLists, ReferralStats, type ReferralOverviewView } from "./referral-panel";

export interface RepWorkspaceView {
  referrals: ReferralOverviewView;
  receivesAnnouncements: boolean;
  pendingAnnouncements: number;
  waitingAnnouncements: { id: number; title: string; created_at: string | Date }[];
}

/**
 * A rep's tools on one screen: announcements waiting for an answer (class and marketing reps),
 * the invite link with what it brought in, and the friends and invitations behind the figures.
 * Its headings are h2: it sits under the page's h1 (the rep dashboard, the student dashboard).
 */
export function RepWorkspacePanel({ workspace }: { workspace: RepWorkspaceView }) {
  return (
    <Flex direction="column" gap="5">
      {workspace.receivesAnnouncements ? (
        <section aria-labelledby="waiting-announcements">
          <Heading as="h2" size="5" id="waiting-announcements" mb="2">
            Announcements waiting for you
          </Heading>
          {workspace.waitingAnnouncements.length ? (
            <ul className="plain-list">
              {workspace.waitingAnnouncements.map((announcement) => (
                <li key={announcement.id}>
                  <Link to={`/announcements#announcement-${announcement.id}`}>{announcement.title}</Link>{" "}
                  <Text size="2" color="gray">
                    · {formatDate(announcement.created_at)}
                  </Text>
                </li>
              ))}
            </ul>
          ) : (
            <Text as="p" color="gray">
              You have answered every announcement.
            </Text>
          )}
          <Text as="p" size="2" mt="2">
            <Link to="/announcements">All announcements</Link>
            {workspace.pendingAnnouncements > 0 ? ` (${workspace.pendingAnnouncements} unanswered)` : ""}
          </Text>
        </section>
      ) : null}
      <section aria-labelledby="rep-referrals">
        <Heading as="h2" size="5" id="rep-referrals" mb="2">
          Your referrals
        </Heading>
        <Flex direction="column" gap="3">
          <InviteLinkField link={workspace.referrals.link} />
          <ReferralStats overview={workspace.referrals} />
          <Flex>
            <Button asChild variant="soft">
              <Link to="/invites">Invite friends by email</Link>
            </Button>
          </Flex>
        </Flex>
      </section>
      <ReferralLists overview={workspace.referrals} />
    </Flex>
  );
}
