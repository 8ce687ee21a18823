import { Button, Container, Flex, Text } from "@radix-ui/themes";
import { Form } from "@remix-run/react";
import type { CurrentUserSummary } from "~/accounts/current-user";
import { CsrfInput } from "~/components/csrf-input";

/**
 * Shown on every page while an admin is signed in as someone else, so the admin never forgets
 * whose account they are acting in, with the way back to their own account.
 */
export function ImpersonationBanner({ currentUser }: { currentUser: CurrentUserSummary | null }) {
  if (!currentUser?.impersonatorId) return null;
  return (
    <aside aria-label="Signed in as another user" style={{ background: "var(--amber-4)", borderBottom: "1px solid var(--amber-7)" }}>
      <Container size="4" px="4" py="2">
        <Flex align="center" justify="between" gap="3" wrap="wrap">
          <Text as="p" size="2" weight="medium">
            You are signed in as {currentUser.displayName} ({currentUser.email}).
          </Text>
          {/* A full document load: the admin's own pages must not show data cached for the user. */}
          <Form method="post" action="/admin/impersonation/stop" reloadDocument>
            <CsrfInput />
            <Button type="submit" size="1" color="amber" variant="solid">
              Back to my account
            </Button>
          </Form>
        </Flex>
      </Container>
    </aside>
  );
}
