import { Button, Flex, Text } from "@radix-ui/themes";
import { useEffect, useId, useState } from "react";

/** A link's address in a read-only field anyone can select; with JavaScript, a button copies it. */
export function CopyLinkField({ link, label }: { link: string; label: string }) {
  const id = useId();
  const [canCopy, setCanCopy] = useState(false);
  const [copied, setCopied] = useState(false);
  useEffect(() => setCanCopy(typeof navigator !== "undefined" && Boolean(navigator.clipboard)), []);
  return (
    <Flex direction="column" gap="1">
      <label htmlFor={id}>
        <Text size="2" weight="medium">
          {label}
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
