import { Card, Flex, Text } from "@radix-ui/themes";
import type { Currency } from "~/db/schema";
import { formatPrice } from "~/formatting/price";
import { displayDateTime } from "~/formatting/display";

interface SessionItem {
  id: number;
  title: string;
  price_cents: number;
  currency: Currency;
  next_start: Date | string;
}

/** Upcoming live sessions: title, next start (UTC until the visitor's time zone is known) and price. */
export function UpcomingSessionList({ sessions }: { sessions: SessionItem[] }) {
  return (
    <Flex direction="column" gap="3" asChild>
      <ul style={{ listStyle: "none", padding: 0, margin: 0 }}>
        {sessions.map((session) => {
          const start = new Date(session.next_start);
          return (
            <li key={session.id}>
              <Card>
                <Text as="p" weight="bold">
                  {session.title}
                </Text>
                <Text as="p" size="2" color="gray">
                  <time dateTime={start.toISOString()}>{displayDateTime(start)}</time> ·{" "}
                  {formatPrice(session.price_cents, session.currency)}
                </Text>
              </Card>
            </li>
          );
        })}
      </ul>
    </Flex>
  );
}
