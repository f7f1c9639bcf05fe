/**
 * Code lists an EN 16931 invoice draws from, each with the English label a picker shows. Only the codes Remit
 * offers are listed; every one of them is valid in the lists the EN 16931 rules check against.
 */

/** ISO 3166-1 alpha-2 (BT-40, BT-55, BT-80), with English short names, in code order. */
export const countries: ReadonlyArray<readonly [code: string, name: string]> = [
  ['AD', 'Andorra'],
  ['AE', 'United Arab Emirates'],
  ['AF', 'Afghanistan'],
  ['AG', 'Antigua & Barbuda'],
  ['AI', 'Anguilla'],
  ['AL', 'Albania'],
  ['AM', 'Armenia'],
  ['AO', 'Angola'],
  ['AQ', 'Antarctica'],
  ['AR', 'Argentina'],
  ['AS', 'American Samoa'],
  ['AT', 'Austria'],
  ['AU', 'Australia'],
  ['AW', 'Aruba'],
  ['AX', 'Åland Islands'],
  ['AZ', 'Azerbaijan'],
  ['BA', 'Bosnia & Herzegovina'],
  ['BB', 'Barbados'],
  ['BD', 'Bangladesh'],
  ['BE', 'Belgium'],
  ['BF', 'Burkina Faso'],
  ['BG', 'Bulgaria'],
  ['BH', 'Bahrain'],
  ['BI', 'Burundi'],
  ['BJ', 'Benin'],
  ['BL', 'St. Barthélemy'],
  ['BM', 'Bermuda'],
  ['BN', 'Brunei'],
  ['BO', 'Bolivia'],
  ['BQ', 'Caribbean Netherlands'],
  ['BR', 'Brazil'],
  ['BS', 'Bahamas'],
  ['BT', 'Bhutan'],
  ['BV', 'Bouvet Island'],
  ['BW', 'Botswana'],
  ['BY', 'Belarus'],
  ['BZ', 'Belize'],
  ['CA', 'Canada'],
  ['CC', 'Cocos (Keeling) Islands'],
  ['CD', 'Congo - Kinshasa'],
  ['CF', 'Central African Republic'],
  ['CG', 'Congo - Brazzaville'],
  ['CH', 'Switzerland'],
  ['CI', 'Côte d’Ivoire'],
  ['CK', 'Cook Islands'],
  ['CL', 'Chile'],
  ['CM', 'Cameroon'],
  ['CN', 'China'],
  ['CO', 'Colombia'],
  ['CR', 'Costa Rica'],
  ['CU', 'Cuba'],
  ['CV', 'Cape Verde'],
  ['CW', 'Curaçao'],
  ['CX', 'Christmas Island'],
  ['CY', 'Cyprus'],
  ['CZ', 'Czechia'],
  ['DE', 'Germany'],
  ['DJ', 'Djibouti'],
  ['DK', 'Denmark'],
  ['DM', 'Dominica'],
  ['DO', 'Dominican Republic'],
  ['DZ', 'Algeria'],
  ['EC', 'Ecuador'],
  ['EE', 'Estonia'],
  ['EG', 'Egypt'],
  ['EH', 'Western Sahara'],
  ['ER', 'Eritrea'],
  ['ES', 'Spain'],
  ['ET', 'Ethiopia'],
  ['FI', 'Finland'],
  ['FJ', 'Fiji'],
  ['FK', 'Falkland Islands'],
  ['FM', 'Micronesia'],
  ['FO', 'Faroe Islands'],
  ['FR', 'France'],
  ['GA', 'Gabon'],
  ['GB', 'United Kingdom'],
  ['GD', 'Grenada'],
  ['GE', 'Georgia'],
  ['GF', 'French Guiana'],
  ['GG', 'Guernsey'],
  ['GH', 'Ghana'],
  ['GI', 'Gibraltar'],
  ['GL', 'Greenland'],
  ['GM', 'Gambia'],
  ['GN', 'Guinea'],
  ['GP', 'Guadeloupe'],
  ['GQ', 'Equatorial Guinea'],
  ['GR', 'Greece'],
  ['GS', 'South Georgia & South Sandwich Islands'],
  ['GT', 'Guatemala'],
  ['GU', 'Guam'],
  ['GW', 'Guinea-Bissau'],
  ['GY', 'Guyana'],
  ['HK', 'Hong Kong SAR China'],
  ['HM', 'Heard & McDonald Islands'],
  ['HN', 'Honduras'],
  ['HR', 'Croatia'],
  ['HT', 'Haiti'],
  ['HU', 'Hungary'],
  ['ID', 'Indonesia'],
  ['IE', 'Ireland'],
  ['IL', 'Israel'],
  ['IM', 'Isle of Man'],
  ['IN', 'India'],
  ['IO', 'British Indian Ocean Territory'],
  ['IQ', 'Iraq'],
  ['IR', 'Iran'],
  ['IS', 'Iceland'],
  ['IT', 'Italy'],
  ['JE', 'Jersey'],
  ['JM', 'Jamaica'],
  ['JO', 'Jordan'],
  ['JP', 'Japan'],
  ['KE', 'Kenya'],
  ['KG', 'Kyrgyzstan'],
  ['KH', 'Cambodia'],
  ['KI', 'Kiribati'],
  ['KM', 'Comoros'],
  ['KN', 'St. Kitts & Nevis'],
  ['KP', 'North Korea'],
  ['KR', 'South Korea'],
  ['KW', 'Kuwait'],
  ['KY', 'Cayman Islands'],
  ['KZ', 'Kazakhstan'],
  ['LA', 'Laos'],
  ['LB', 'Lebanon'],
  ['LC', 'St. Lucia'],
  ['LI', 'Liechtenstein'],
  ['LK', 'Sri Lanka'],
  ['LR', 'Liberia'],
  ['LS', 'Lesotho'],
  ['LT', 'Lithuania'],
  ['LU', 'Luxembourg'],
  ['LV', 'Latvia'],
  ['LY', 'Libya'],
  ['MA', 'Morocco'],
  ['MC', 'Monaco'],
  ['MD', 'Moldova'],
  ['ME', 'Montenegro'],
  ['MF', 'St. Martin'],
  ['MG', 'Madagascar'],
  ['MH', 'Marshall Islands'],
  ['MK', 'North Macedonia'],
  ['ML', 'Mali'],
  ['MM', 'Myanmar (Burma)'],
  ['MN', 'Mongolia'],
  ['MO', 'Macao SAR China'],
  ['MP', 'Northern Mariana Islands'],
  ['MQ', 'Martinique'],
  ['MR', 'Mauritania'],
  ['MS', 'Montserrat'],
  ['MT', 'Malta'],
  ['MU', 'Mauritius'],
  ['MV', 'Maldives'],
  ['MW', 'Malawi'],
  ['MX', 'Mexico'],
  ['MY', 'Malaysia'],
  ['MZ', 'Mozambique'],
  ['NA', 'Namibia'],
  ['NC', 'New Caledonia'],
  ['NE', 'Niger'],
  ['NF', 'Norfolk Island'],
  ['NG', 'Nigeria'],
  ['NI', 'Nicaragua'],
  ['NL', 'Netherlands'],
  ['NO', 'Norway'],
  ['NP', 'Nepal'],
  ['NR', 'Nauru'],
  ['NU', 'Niue'],
  ['NZ', 'New Zealand'],
  ['OM', 'Oman'],
  ['PA', 'Panama'],
  ['PE', 'Peru'],
  ['PF', 'French Polynesia'],
  ['PG', 'Papua New Guinea'],
  ['PH', 'Philippines'],
  ['PK', 'Pakistan'],
  ['PL', 'Poland'],
  ['PM', 'St. Pierre & Miquelon'],
  ['PN', 'Pitcairn Islands'],
  ['PR', 'Puerto Rico'],
  ['PS', 'Palestinian Territories'],
  ['PT', 'Portugal'],
  ['PW', 'Palau'],
  ['PY', 'Paraguay'],
  ['QA', 'Qatar'],
  ['RE', 'Réunion'],
  ['RO', 'Romania'],
  ['RS', 'Serbia'],
  ['RU', 'Russia'],
  ['RW', 'Rwanda'],
  ['SA', 'Saudi Arabia'],
  ['SB', 'Solomon Islands'],
  ['SC', 'Seychelles'],
  ['SD', 'Sudan'],
  ['SE', 'Sweden'],
  ['SG', 'Singapore'],
  ['SH', 'St. Helena'],
  ['SI', 'Slovenia'],
  ['SJ', 'Svalbard & Jan Mayen'],
  ['SK', 'Slovakia'],
  ['SL', 'Sierra Leone'],
  ['SM', 'San Marino'],
  ['SN', 'Senegal'],
  ['SO', 'Somalia'],
  ['SR', 'Suriname'],
  ['SS', 'South Sudan'],
  ['ST', 'São Tomé & Príncipe'],
  ['SV', 'El Salvador'],
  ['SX', 'Sint Maarten'],
  ['SY', 'Syria'],
  ['SZ', 'Eswatini'],
  ['TC', 'Turks & Caicos Islands'],
  ['TD', 'Chad'],
  ['TF', 'French Southern Territories'],
  ['TG', 'Togo'],
  ['TH', 'Thailand'],
  ['TJ', 'Tajikistan'],
  ['TK', 'Tokelau'],
  ['TL', 'Timor-Leste'],
  ['TM', 'Turkmenistan'],
  ['TN', 'Tunisia'],
  ['TO', 'Tonga'],
  ['TR', 'Türkiye'],
  ['TT', 'Trinidad & Tobago'],
  ['TV', 'Tuvalu'],
  ['TW', 'Taiwan'],
  ['TZ', 'Tanzania'],
  ['UA', 'Ukraine'],
  ['UG', 'Uganda'],
  ['UM', 'U.S. Outlying Islands'],
  ['US', 'United States'],
  ['UY', 'Uruguay'],
  ['UZ', 'Uzbekistan'],
  ['VA', 'Vatican City'],
  ['VC', 'St. Vincent & Grenadines'],
  ['VE', 'Venezuela'],
  ['VG', 'British Virgin Islands'],
  ['VI', 'U.S. Virgin Islands'],
  ['VN', 'Vietnam'],
  ['VU', 'Vanuatu'],
  ['WF', 'Wallis & Futuna'],
  ['WS', 'Samoa'],
  ['YE', 'Yemen'],
  ['YT', 'Mayotte'],
  ['ZA', 'South Africa'],
  ['ZM', 'Zambia'],
  ['ZW', 'Zimbabwe'],
];

export const countryCodes = countries.map(([code]) => code) as [string, ...string[]];

const countryNames = new Map(countries);

export function countryName(code: string): string | undefined {
  return countryNames.get(code.toUpperCase());
}

/** EU member states: a supply between two of them can be intra-community (K) or reverse charge (AE). */
export const euCountryCodes: ReadonlySet<string> = new Set(
  'AT BE BG CY CZ DE DK EE ES FI FR GR HR HU IE IT LT LU LV MT NL PL PT RO SE SI SK'.split(' '),
);

/**
 * UN/ECE Recommendation 20 units (BT-130) a freelancer or small business bills in. C62 ("one", a piece) is the
 * default: every invoice written before units existed counts its lines in it.
 */
export const units = [
  { code: 'C62', label: 'piece', plural: 'pieces' },
  { code: 'HUR', label: 'hour', plural: 'hours' },
  { code: 'MIN', label: 'minute', plural: 'minutes' },
  { code: 'DAY', label: 'day', plural: 'days' },
  { code: 'WEE', label: 'week', plural: 'weeks' },
  { code: 'MON', label: 'month', plural: 'months' },
  { code: 'ANN', label: 'year', plural: 'years' },
  { code: 'E48', label: 'service unit', plural: 'service units' },
  { code: 'LS', label: 'lump sum', plural: 'lump sums' },
  { code: 'SET', label: 'set', plural: 'sets' },
  { code: 'PR', label: 'pair', plural: 'pairs' },
  { code: 'KGM', label: 'kilogram', plural: 'kilograms' },
  { code: 'GRM', label: 'gram', plural: 'grams' },
  { code: 'TNE', label: 'tonne', plural: 'tonnes' },
  { code: 'MTR', label: 'metre', plural: 'metres' },
  { code: 'KMT', label: 'kilometre', plural: 'kilometres' },
  { code: 'MTK', label: 'square metre', plural: 'square metres' },
  { code: 'MTQ', label: 'cubic metre', plural: 'cubic metres' },
  { code: 'LTR', label: 'litre', plural: 'litres' },
  { code: 'KWH', label: 'kilowatt hour', plural: 'kilowatt hours' },
  { code: 'D63', label: 'book', plural: 'books' },
  { code: 'E49', label: 'working day', plural: 'working days' },
  { code: 'H87', label: 'piece (item)', plural: 'pieces (items)' },
  { code: 'XPK', label: 'package', plural: 'packages' },
] as const;

export type UnitCode = (typeof units)[number]['code'];
export const unitCodes = units.map((unit) => unit.code) as [UnitCode, ...UnitCode[]];
export const DEFAULT_UNIT: UnitCode = 'C62';

/**
 * VAT category codes (UNTDID 5305 as EN 16931 restricts them; BT-118, BT-151). L and M (Canary Islands, Ceuta
 * and Melilla) are left out: no Remit user has asked for them and each brings its own rules.
 */
export const vatCategories = [
  { code: 'S', label: 'Standard rate' },
  { code: 'Z', label: 'Zero rated' },
  { code: 'E', label: 'Exempt from VAT' },
  { code: 'AE', label: 'Reverse charge' },
  { code: 'K', label: 'Intra-community supply (EU)' },
  { code: 'G', label: 'Export outside the EU' },
  { code: 'O', label: 'Not subject to VAT' },
] as const;

export type VatCategory = (typeof vatCategories)[number]['code'];
export const vatCategoryCodes = vatCategories.map((category) => category.code) as [
  VatCategory,
  ...VatCategory[],
];

/**
 * VAT exemption reason codes (CEF VATEX, BT-121) with the text printed beside them (BT-120). The rules demand a
 * reason for every category but S and Z (BR-E-10, BR-AE-10, BR-IC-10, BR-G-10, BR-O-10); AE, K, G and O have
 * one obvious reason, E has many and the seller must pick or write one.
 */
export const vatExemptionReasons = [
  { code: 'VATEX-EU-AE', category: 'AE', text: 'Reverse charge' },
  { code: 'VATEX-EU-IC', category: 'K', text: 'Intra-Community supply' },
  { code: 'VATEX-EU-G', category: 'G', text: 'Export outside the EU' },
  { code: 'VATEX-EU-O', category: 'O', text: 'Not subject to VAT' },
  {
    code: 'VATEX-EU-79-C',
    category: 'E',
    text: 'Exempt based on article 79, point c of Council Directive 2006/112/EC',
  },
  {
    code: 'VATEX-EU-132',
    category: 'E',
    text: 'Exempt based on article 132 of Council Directive 2006/112/EC',
  },
  {
    code: 'VATEX-EU-143',
    category: 'E',
    text: 'Exempt based on article 143 of Council Directive 2006/112/EC',
  },
  {
    code: 'VATEX-EU-148',
    category: 'E',
    text: 'Exempt based on article 148 of Council Directive 2006/112/EC',
  },
  {
    code: 'VATEX-EU-151',
    category: 'E',
    text: 'Exempt based on article 151 of Council Directive 2006/112/EC',
  },
  {
    code: 'VATEX-EU-309',
    category: 'E',
    text: 'Exempt based on article 309 of Council Directive 2006/112/EC',
  },
  {
    code: 'VATEX-EU-D',
    category: 'E',
    text: 'Intra-Community acquisition from second hand means of transport',
  },
  { code: 'VATEX-EU-F', category: 'E', text: 'Intra-Community acquisition of second hand goods' },
  { code: 'VATEX-EU-I', category: 'E', text: 'Intra-Community acquisition of works of art' },
  { code: 'VATEX-EU-J', category: 'E', text: 'Intra-Community acquisition of collectors items and antiques' },
] as const satisfies ReadonlyArray<{ code: string; category: VatCategory; text: string }>;

export type VatExemptionCode = (typeof vatExemptionReasons)[number]['code'];
export const vatExemptionCodes = vatExemptionReasons.map((reason) => reason.code) as [
  VatExemptionCode,
  ...VatExemptionCode[],
];

/**
 * Germany's small-business rule (§19 UStG): no VAT is charged, and the invoice must say why. EN 16931 has no
 * VATEX code for it, so it is category E with this text and no code.
 */
export const SMALL_BUSINESS_EXEMPTION_DE =
  'Kein Ausweis von Umsatzsteuer, da Kleinunternehmer gemäß § 19 UStG';

/** The text the law asks for on a reverse-charge invoice (Art. 226(11a) Directive 2006/112/EC). */
export const REVERSE_CHARGE_NOTE =
  'Reverse charge: VAT to be accounted for by the recipient (Article 196 of Council Directive 2006/112/EC)';

/** The one reason a category implies, or undefined where the seller must give one (E) or none is allowed. */
export function defaultExemption(
  category: VatCategory,
): { code: VatExemptionCode; text: string } | undefined {
  if (category === 'E' || category === 'S' || category === 'Z') return undefined;
  const reason = vatExemptionReasons.find((entry) => entry.category === category);
  return reason ? { code: reason.code, text: reason.text } : undefined;
}

/**
 * UNTDID 4461 payment means (BT-81), derived from the invoice's payment method: 58 SEPA credit transfer (an IBAN
 * in a SEPA country and EUR), 30 any other credit transfer, 68 an online payment service (a payment link).
 */
export const paymentMeansCodes = {
  sepaCreditTransfer: '58',
  creditTransfer: '30',
  onlinePaymentService: '68',
} as const;
export type PaymentMeansCode = (typeof paymentMeansCodes)[keyof typeof paymentMeansCodes];

/** Currencies EN 16931 cannot carry: its amounts have at most 2 decimals (CII-DT-031, UBL-DT-01). */
export function hasTooManyDecimalsForEInvoice(decimals: number): boolean {
  return decimals > 2;
}
