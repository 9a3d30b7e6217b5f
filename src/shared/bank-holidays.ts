/**
 * The bank holidays of England and Wales, by year, as GOV.UK lists them
 * (https://www.gov.uk/bank-holidays): a day off that falls on a weekend is listed on the weekday that
 * stands in for it, and one-off holidays (the coronation's, 2023-05-08) are listed too. The team
 * counts its working days by this list (shared/working-days.ts), so the list must run ahead of
 * today: bank-holidays.test.ts fails once it covers less than the coming twelve months. Add each new
 * year from GOV.UK as it is published; years GOV.UK has not yet published are worked out from the
 * usual rules (marked below) and checked against it when it does.
 */
// prettier-ignore
export const ENGLAND_AND_WALES_BANK_HOLIDAYS: Readonly<Record<number, readonly string[]>> = {
  2023: [
    '2023-01-02', '2023-04-07', '2023-04-10', '2023-05-01', '2023-05-08',
    '2023-05-29', '2023-08-28', '2023-12-25', '2023-12-26',
  ],
  2024: [
    '2024-01-01', '2024-03-29', '2024-04-01', '2024-05-06', '2024-05-27',
    '2024-08-26', '2024-12-25', '2024-12-26',
  ],
  2025: [
    '2025-01-01', '2025-04-18', '2025-04-21', '2025-05-05', '2025-05-26',
    '2025-08-25', '2025-12-25', '2025-12-26',
  ],
  2026: [
    '2026-01-01', '2026-04-03', '2026-04-06', '2026-05-04', '2026-05-25',
    '2026-08-31', '2026-12-25', '2026-12-28',
  ],
  2027: [
    '2027-01-01', '2027-03-26', '2027-03-29', '2027-05-03', '2027-05-31',
    '2027-08-30', '2027-12-27', '2027-12-28',
  ],
  // Worked out from the usual rules: check against GOV.UK once it lists 2028.
  2028: [
    '2028-01-03', '2028-04-14', '2028-04-17', '2028-05-01', '2028-05-29',
    '2028-08-28', '2028-12-25', '2028-12-26',
  ],
};

const YEARS = Object.keys(ENGLAND_AND_WALES_BANK_HOLIDAYS).map(Number);

/** The first and last day the list speaks for (YYYY-MM-DD): outside them, only weekends are known. */
export const BANK_HOLIDAYS_LISTED = {
  from: `${Math.min(...YEARS)}-01-01`,
  until: `${Math.max(...YEARS)}-12-31`,
} as const;

/** Whether a UK calendar day (YYYY-MM-DD) is a bank holiday in England and Wales, as far as the list knows. */
export function isBankHoliday(day: string): boolean {
  return ENGLAND_AND_WALES_BANK_HOLIDAYS[Number(day.slice(0, 4))]?.includes(day) ?? false;
}
