import { Container, Flex, Text } from "@radix-ui/themes";
import { Link, NavLink } from "@remix-run/react";

export function AppBar() {
  return (
    <header className="app-bar">
      <Container size="4" px="4">
        <Flex align="center" justify="between" gap="4" style={{ minHeight: "var(--app-bar-height)" }}>
          <Link to="/" aria-label="Marketplace home" style={{ textDecoration: "none", color: "var(--accent-11)" }}>
            <Text size="5" weight="bold">
              Marketplace
            </Text>
          </Link>
          <nav aria-label="Main">
            <Flex gap="4" asChild>
              <ul style={{ listStyle: "none", margin: 0, padding: 0 }}>
                <li>
                  <NavLink to="/courses" prefetch="intent">
                    Courses
                  </NavLink>
                </li>
              </ul>
            </Flex>
          </nav>
        </Flex>
      </Container>
    </header>
  );
}
