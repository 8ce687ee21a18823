/** Choices offered on the subscription forms (pure, shared by the page and the server). */

export const CANCEL_REASONS = {
  too_expensive: "It's too expensive",
  not_using: "I'm not using it enough",
  finished_studying: "I finished my exam or course",
  missing_features: "It's missing something I need",
  other: "Another reason",
} as const;
export type CancelReasonKey = keyof typeof CANCEL_REASONS;

/** Months a subscription may be paused for (pause_duration). */
export const PAUSE_DURATIONS = [1, 2, 3] as const;

/** The retention offer: half price for the next three months. */
export const RETENTION_OFFER = { couponId: "retention-50-3-months", percentOff: 50, months: 3 } as const;
