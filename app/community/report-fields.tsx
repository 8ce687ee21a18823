import { REPORT_REASONS } from "~/community/moderation";

/**
 * The fields of every report to the moderators (a forum post, a reply, a comment): a reason from
 * the list, optional details and the button. `idSuffix` keeps each report form's labels its own.
 */
export function ReportFields({ idSuffix }: { idSuffix: string }) {
  return (
    <>
      <label htmlFor={`report-reason-${idSuffix}`}>Why?</label>
      <select id={`report-reason-${idSuffix}`} name="reason" required defaultValue="">
        <option value="" disabled>
          Choose a reason
        </option>
        {REPORT_REASONS.map((reason) => (
          <option key={reason.value} value={reason.value}>
            {reason.label}
          </option>
        ))}
      </select>
      <label htmlFor={`report-details-${idSuffix}`}>Details (optional)</label>
      <textarea id={`report-details-${idSuffix}`} name="details" rows={2} maxLength={1000} />
      <div>
        <button type="submit" className="button button--outline">
          Send the report
        </button>
      </div>
    </>
  );
}
