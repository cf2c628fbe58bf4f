/**
 * Every ISO 3166-1 alpha-2 code the site knows (docs/requirements.md §3, country lookup): the
 * codes of i18n-iso-countries' English names, written out so that checking a code (a stored
 * booking's item lines, an address) does not fetch the names (1.4 KB compressed), which only a
 * picker or a printed name needs (countries.ts). tests/unit/shared/country-codes.test.ts keeps the
 * two the same.
 */
const CODES =
  'AF AL DZ AS AD AO AI AQ AG AR AM AW AU AT AZ BS BH BD BB BY BE BZ BJ BM BT BO BA BW BV BR IO ' +
  'BN BG BF BI KH CM CA CV KY CF TD CL CN CX CC CO KM CG CD CK CR CI HR CU CY CZ DK DJ DM DO EC ' +
  'EG SV GQ ER EE ET FK FO FJ FI FR GF PF TF GA GM GE DE GH GI GR GL GD GP GU GT GN GW GY HT HM ' +
  'VA HN HK HU IS IN ID IR IQ IE IL IT JM JP JO KZ KE KI KP KR KW KG LA LV LB LS LR LY LI LT LU ' +
  'MO MG MW MY MV ML MT MH MQ MR MU YT MX FM MD MC MN MS MA MZ MM NA NR NP NL NC NZ NI NE NG NU ' +
  'NF MK MP NO OM PK PW PS PA PG PY PE PH PN PL PT PR QA RE RO RU RW SH KN LC PM VC WS SM ST SA ' +
  'SN SC SL SG SK SI SB SO ZA GS ES LK SD SR SJ SZ SE CH SY TW TJ TZ TH TL TG TK TO TT TN TR TM ' +
  'TC TV UG UA AE GB US UM UY UZ VU VE VN VG VI WF EH YE ZM ZW AX BQ CW GG IM JE ME BL MF RS SX ' +
  'SS XK';

/** Every known two-letter code, upper case. */
export const COUNTRY_CODES: readonly string[] = CODES.split(' ');

const KNOWN = new Set(COUNTRY_CODES);

/** Whether a two-letter code (any case, spaces around allowed) is one the site knows. */
export const isCountryCode = (code: string) => KNOWN.has(code.trim().toUpperCase());
