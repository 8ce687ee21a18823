import { Box, Button, Container, Flex, Heading, Text } from "@radix-ui/themes";
import { Link } from "@remix-run/react";
import { useEffect } from "react";
import { retryChunkLoadOnce } from "~/shell/chunk-retry";

export const errorPageHeading = "Uh oh! There was an error on this page";

export function isChunkLoadError(error: unknown) {
  const message = error instanceof Error ? `${error.name} ${error.message}` : String(error ?? "");
  return /ChunkLoadError|Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module/i.test(
    message,
  );
}

export function ErrorPage({ message, chunkLoadError = false }: { message?: string; chunkLoadError?: boolean }) {
  useEffect(() => {
    if (chunkLoadError) retryChunkLoadOnce(window.sessionStorage, window.location.pathname, () => window.location.reload());
  }, [chunkLoadError]);
  return (
    <Container size="2" px="4" py="9">
      <Flex direction="column" gap="4" align="start">
        <Heading as="h1" size="7">
          {errorPageHeading}
        </Heading>
        {message ? <Text as="p" color="gray">{message}</Text> : null}
        <Flex gap="3" wrap="wrap">
          <Button asChild>
            <a href="/">Homepage</a>
          </Button>
          <Button asChild variant="soft">
            <a href="mailto:support@marketplace.test?subject=Feedback%20about%20an%20error">Report Feedback</a>
          </Button>
          {chunkLoadError ? (
            <Button variant="outline" onClick={() => window.location.reload()}>
              Retry
            </Button>
          ) : null}
        </Flex>
      </Flex>
    </Container>
  );
}

export function NotFoundPage() {
  return (
    <Container size="2" px="4" py="9">
      <Box>
        <Heading as="h1" size="7" mb="3">
          We couldn't find that page
        </Heading>
        <Text as="p" color="gray" mb="4">
          The link may be old or mistyped. Try the course catalogue or go back home.
        </Text>
        <Flex gap="3">
          <Button asChild>
            <Link to="/">Homepage</Link>
          </Button>
          <Button asChild variant="soft">
            <Link to="/courses">Browse courses</Link>
          </Button>
        </Flex>
      </Box>
    </Container>
  );
}

/** A signed-in user opened a page their roles do not allow (the policy's 403). */
export function ForbiddenPage() {
  return (
    <Container size="2" px="4" py="9">
      <Box>
        <Heading as="h1" size="7" mb="3">
          You don't have access to this page
        </Heading>
        <Text as="p" color="gray" mb="4">
          Your account can't open this page. If you think it should, ask an administrator, or sign in with another account.
        </Text>
        <Flex gap="3">
          <Button asChild>
            <a href="/">Homepage</a>
          </Button>
          <Button asChild variant="soft">
            <a href="mailto:support@marketplace.test?subject=Access%20to%20a%20page">Report Feedback</a>
          </Button>
        </Flex>
      </Box>
    </Container>
  );
}
