import { Container, Flex, Text } from "@radix-ui/themes";
import { Link } from "@remix-run/react";

export function SiteFooter() {
  return (
    <footer className="site-footer" style={{ borderTop: "1px solid var(--gray-a5)", marginTop: "var(--space-9)" }}>
      <Container size="4" px="4" py="6">
        <Flex justify="between" wrap="wrap" gap="3">
          <Text size="2" color="gray">
            © {new Date().getFullYear()} Marketplace. Learn at your pace, with people who know the course.
          </Text>
          <nav aria-label="Footer">
            <Link to="/courses">All courses</Link>
          </nav>
        </Flex>
      </Container>
    </footer>
  );
}
