import { Heading, Text } from "@radix-ui/themes";
import { Link } from "@remix-run/react";
import type { ReactNode } from "react";

type Crumb = { to: string; label: string };

/** The back office's page top: the way back to /admin (and any page between), then the page's heading. */
export function AdminHeader({
  home = { to: "/admin", label: "Admin" },
  trail = [],
  mb = "4",
  children,
}: {
  /** Where the way back starts: /admin, or a page the screen's staff may open when /admin is not theirs. */
  home?: Crumb;
  trail?: Crumb[];
  mb?: "1" | "2" | "3" | "4";
  children: ReactNode;
}) {
  return (
    <>
      <Text as="p" color="gray">
        <Link to={home.to}>{home.label}</Link>
        {trail.map((crumb) => (
          <span key={crumb.to}>
            {" › "}
            <Link to={crumb.to}>{crumb.label}</Link>
          </span>
        ))}
      </Text>
      <Heading as="h1" size="7" mb={mb}>
        {children}
      </Heading>
    </>
  );
}
