import { Heading, Text } from "@radix-ui/themes";
import type { ReactNode } from "react";
import { displayDate, isoOf } from "~/formatting/display";

export interface ApplicationShown {
  id: number;
  essay: string;
  eligibility_answers: string[];
  transcript_file_name: string | null;
  created_at: string | Date;
}

/**
 * One scholarship application as the applicant and staff both read it: when it was sent, the
 * transcript's download (the route lets only those two open it), the essay and the answers.
 * `facts` come first in the list (the status as each of them reads it).
 */
export function ApplicationDetails({ application, facts, own }: { application: ApplicationShown; facts: ReactNode; own: boolean }) {
  return (
    <>
      <dl className="definition-list">
        {facts}
        <dt>Sent</dt>
        <dd>
          <time dateTime={isoOf(application.created_at)}>{displayDate(application.created_at)}</time>
        </dd>
        <dt>Transcript</dt>
        <dd>
          {application.transcript_file_name ? (
            <a href={`/scholarships/applications/${application.id}/transcript`}>Download {application.transcript_file_name}</a>
          ) : (
            "None"
          )}
        </dd>
      </dl>
      <Heading as="h2" size="5" mt="4" mb="2">
        {own ? "Your essay" : "Essay"}
      </Heading>
      <Text as="p" style={{ whiteSpace: "pre-wrap" }}>
        {application.essay}
      </Text>
      <Heading as="h2" size="5" mt="4" mb="2">
        {own ? "Your eligibility answers" : "Eligibility answers"}
      </Heading>
      {application.eligibility_answers.length === 0 ? (
        <Text as="p" color="gray">
          None.
        </Text>
      ) : (
        <ol>
          {application.eligibility_answers.map((answer, index) => (
            <li key={index}>{answer}</li>
          ))}
        </ol>
      )}
    </>
  );
}
