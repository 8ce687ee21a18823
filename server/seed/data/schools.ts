import type { CountryCode, SchoolType } from "../../../app/db/schema";

export interface SchoolSeed {
  slug: string;
  name: string;
  shortName: string | null;
  schoolType: SchoolType;
  countryCode: CountryCode;
  regionCode: string;
  city: string;
}

export const schools: readonly SchoolSeed[] = [
  { slug: "waterloo", name: "University of Waterloo", shortName: "UW", schoolType: "university", countryCode: "CA", regionCode: "ON", city: "Waterloo" },
  { slug: "mcgill", name: "McGill University", shortName: "McGill", schoolType: "university", countryCode: "CA", regionCode: "QC", city: "Montreal" },
  { slug: "ubc", name: "University of British Columbia", shortName: "UBC", schoolType: "university", countryCode: "CA", regionCode: "BC", city: "Vancouver" },
  { slug: "uoft", name: "University of Toronto", shortName: "U of T", schoolType: "university", countryCode: "CA", regionCode: "ON", city: "Toronto" },
  { slug: "umich", name: "University of Michigan", shortName: "UMich", schoolType: "university", countryCode: "US", regionCode: "MI", city: "Ann Arbor" },
  { slug: "ucla", name: "University of California, Los Angeles", shortName: "UCLA", schoolType: "university", countryCode: "US", regionCode: "CA", city: "Los Angeles" },
  { slug: "northeastern", name: "Northeastern University", shortName: "NEU", schoolType: "university", countryCode: "US", regionCode: "MA", city: "Boston" },
  { slug: "ut-austin", name: "University of Texas at Austin", shortName: "UT Austin", schoolType: "university", countryCode: "US", regionCode: "TX", city: "Austin" },
  { slug: "lakeview-secondary", name: "Lakeview Secondary School", shortName: null, schoolType: "high_school", countryCode: "CA", regionCode: "ON", city: "Mississauga" },
  { slug: "riverside-collegiate", name: "Riverside Collegiate Institute", shortName: null, schoolType: "high_school", countryCode: "CA", regionCode: "AB", city: "Calgary" },
  { slug: "jefferson-high", name: "Jefferson High School", shortName: null, schoolType: "high_school", countryCode: "US", regionCode: "OR", city: "Portland" },
  { slug: "westbrook-academy", name: "Westbrook Academy", shortName: null, schoolType: "high_school", countryCode: "US", regionCode: "IL", city: "Naperville" },
];
