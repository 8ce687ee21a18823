import { Button, Container, Flex, Text } from "@radix-ui/themes";
import { Form, Link, NavLink } from "@remix-run/react";
import type { CurrentUserSummary } from "~/accounts/current-user";
import { ChatIcon } from "~/chats/chat-icon";
import { CsrfInput } from "~/components/csrf-input";
import { NotificationBell } from "~/notifications/notification-bell";

export function AppBar({ currentUser }: { currentUser: CurrentUserSummary | null }) {
  return (
    <header className="app-bar">
      <Container size="4" px="4">
        <Flex align="center" justify="between" gap="4" wrap="wrap" style={{ minHeight: "var(--app-bar-height)" }}>
          <Link to="/" aria-label="Marketplace home" style={{ textDecoration: "none", color: "var(--accent-11)" }}>
            <Text size="5" weight="bold">
              Marketplace
            </Text>
          </Link>
          <nav aria-label="Main">
            <Flex gap="4" align="center" asChild>
              <ul style={{ listStyle: "none", margin: 0, padding: 0 }}>
                <li>
                  <NavLink to="/courses" prefetch="intent">
                    Courses
                  </NavLink>
                </li>
                {currentUser ? (
                  <>
                    <li>
                      <NavLink to={currentUser.homePath}>Home</NavLink>
                    </li>
                    <li>
                      <ChatIcon />
                    </li>
                    <li>
                      <NotificationBell />
                    </li>
                    <li>
                      <NavLink to="/profile" aria-label={`My Account (${currentUser.displayName})`}>
                        {currentUser.displayName}
                      </NavLink>
                    </li>
                    <li>
                      <Form method="post" action="/users/sign_out">
                        <CsrfInput />
                        <input type="hidden" name="_method" value="delete" />
                        <Button type="submit" variant="soft" size="2">
                          Sign out
                        </Button>
                      </Form>
                    </li>
                  </>
                ) : (
                  <>
                    <li>
                      <NavLink to="/users/sign_in">Log in</NavLink>
                    </li>
                    <li>
                      <Button asChild size="2">
                        <Link to="/sign-up">Get Started for Free</Link>
                      </Button>
                    </li>
                  </>
                )}
              </ul>
            </Flex>
          </nav>
        </Flex>
      </Container>
    </header>
  );
}
