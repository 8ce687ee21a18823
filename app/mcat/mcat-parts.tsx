import { Card, Flex, Text } from "@radix-ui/themes";
import { displayDateTime, isoOf } from "~/formatting/display";

interface McatEvent {
  id: number;
  title: string;
  description: string;
  host_name: string;
  starts_at: Date | string;
}

export function McatEventList({ events }: { events: McatEvent[] }) {
  if (events.length === 0) return <Text as="p">No event of this kind is scheduled right now.</Text>;
  return (
    <Flex direction="column" gap="3" asChild>
      <ul style={{ listStyle: "none", padding: 0, margin: 0 }}>
        {events.map((event) => (
          <li key={event.id}>
            <Card>
              <Text as="p" weight="bold">
                {event.title}
              </Text>
              <Text as="p" size="2" color="gray">
                <time dateTime={isoOf(event.starts_at)}>{displayDateTime(event.starts_at)}</time> · with {event.host_name}
              </Text>
              <Text as="p" size="2">
                {event.description}
              </Text>
            </Card>
          </li>
        ))}
      </ul>
    </Flex>
  );
}
