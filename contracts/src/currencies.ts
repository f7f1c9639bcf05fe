/**
 * ISO 4217 currencies the app offers. `decimals` is the currency's minor unit (JPY 0, EUR 2, KWD 3): money is
 * stored as an integer count of those units. `symbol` is what invoices print; where a currency has no symbol of
 * its own, or its symbol needs a script our PDF fonts do not carry, it is the usual Latin abbreviation.
 */
export interface Currency {
  value: string;
  label: string;
  symbol: string;
  decimals: 0 | 2 | 3;
}

const list: ReadonlyArray<[code: string, name: string, symbol: string, decimals?: 0 | 3]> = [
  ['USD', 'US Dollar', '$'],
  ['EUR', 'Euro', '€'],
  ['GBP', 'British Pound', '£'],
  ['JPY', 'Japanese Yen', '¥', 0],
  ['CNY', 'Chinese Yuan', '¥'],
  ['AUD', 'Australian Dollar', 'A$'],
  ['CAD', 'Canadian Dollar', 'C$'],
  ['CHF', 'Swiss Franc', 'CHF'],
  ['INR', 'Indian Rupee', '₹'],
  ['NZD', 'New Zealand Dollar', 'NZ$'],
  ['SEK', 'Swedish Krona', 'kr'],
  ['NOK', 'Norwegian Krone', 'kr'],
  ['DKK', 'Danish Krone', 'kr'],
  ['ISK', 'Icelandic Króna', 'kr', 0],
  ['PLN', 'Polish Złoty', 'zł'],
  ['CZK', 'Czech Koruna', 'Kč'],
  ['HUF', 'Hungarian Forint', 'Ft'],
  ['RON', 'Romanian Leu', 'lei'],
  ['BGN', 'Bulgarian Lev', 'лв'],
  ['RSD', 'Serbian Dinar', 'дин.'],
  ['BAM', 'Bosnia-Herzegovina Convertible Mark', 'KM'],
  ['MKD', 'Macedonian Denar', 'ден'],
  ['ALL', 'Albanian Lek', 'L'],
  ['MDL', 'Moldovan Leu', 'L'],
  ['UAH', 'Ukrainian Hryvnia', '₴'],
  ['BYN', 'Belarusian Ruble', 'Br'],
  ['RUB', 'Russian Ruble', '₽'],
  ['TRY', 'Turkish Lira', '₺'],
  ['GEL', 'Georgian Lari', '₾'],
  ['AMD', 'Armenian Dram', '֏'],
  ['AZN', 'Azerbaijani Manat', '₼'],
  ['KZT', 'Kazakhstani Tenge', '₸'],
  ['UZS', 'Uzbekistani Som', 'soʻm'],
  ['KGS', 'Kyrgyzstani Som', 'сом'],
  ['TJS', 'Tajikistani Somoni', 'SM'],
  ['MNT', 'Mongolian Tögrög', '₮'],
  ['ILS', 'Israeli New Shekel', '₪'],
  ['AED', 'UAE Dirham', 'AED'],
  ['SAR', 'Saudi Riyal', '﷼'],
  ['QAR', 'Qatari Riyal', '﷼'],
  ['OMR', 'Omani Rial', '﷼', 3],
  ['YER', 'Yemeni Rial', '﷼'],
  ['IRR', 'Iranian Rial', '﷼'],
  ['KWD', 'Kuwaiti Dinar', 'KD', 3],
  ['BHD', 'Bahraini Dinar', 'BD', 3],
  ['JOD', 'Jordanian Dinar', 'JD', 3],
  ['IQD', 'Iraqi Dinar', 'IQD', 3],
  ['LBP', 'Lebanese Pound', 'L£'],
  ['EGP', 'Egyptian Pound', 'E£'],
  ['MAD', 'Moroccan Dirham', 'DH'],
  ['DZD', 'Algerian Dinar', 'DA'],
  ['TND', 'Tunisian Dinar', 'DT', 3],
  ['LYD', 'Libyan Dinar', 'LD', 3],
  ['PKR', 'Pakistani Rupee', '₨'],
  ['BDT', 'Bangladeshi Taka', '৳'],
  ['LKR', 'Sri Lankan Rupee', 'Rs'],
  ['NPR', 'Nepalese Rupee', 'Rs'],
  ['MVR', 'Maldivian Rufiyaa', 'Rf'],
  ['SGD', 'Singapore Dollar', 'S$'],
  ['HKD', 'Hong Kong Dollar', 'HK$'],
  ['TWD', 'New Taiwan Dollar', 'NT$'],
  ['KRW', 'South Korean Won', '₩', 0],
  ['VND', 'Vietnamese Dong', '₫', 0],
  ['THB', 'Thai Baht', '฿'],
  ['MYR', 'Malaysian Ringgit', 'RM'],
  ['IDR', 'Indonesian Rupiah', 'Rp'],
  ['PHP', 'Philippine Peso', '₱'],
  ['LAK', 'Lao Kip', '₭'],
  ['MMK', 'Myanmar Kyat', 'K'],
  ['BND', 'Brunei Dollar', 'B$'],
  ['MOP', 'Macanese Pataca', 'MOP$'],
  ['ZAR', 'South African Rand', 'R'],
  ['NGN', 'Nigerian Naira', '₦'],
  ['GHS', 'Ghanaian Cedi', 'GH₵'],
  ['KES', 'Kenyan Shilling', 'KSh'],
  ['UGX', 'Ugandan Shilling', 'USh', 0],
  ['TZS', 'Tanzanian Shilling', 'TSh'],
  ['ETB', 'Ethiopian Birr', 'Br'],
  ['RWF', 'Rwandan Franc', 'FRw', 0],
  ['XOF', 'West African CFA Franc', 'CFA', 0],
  ['XAF', 'Central African CFA Franc', 'FCFA', 0],
  ['MUR', 'Mauritian Rupee', '₨'],
  ['SCR', 'Seychellois Rupee', '₨'],
  ['BWP', 'Botswana Pula', 'P'],
  ['NAD', 'Namibian Dollar', 'N$'],
  ['ZMW', 'Zambian Kwacha', 'ZK'],
  ['MWK', 'Malawian Kwacha', 'MK'],
  ['MZN', 'Mozambican Metical', 'MT'],
  ['AOA', 'Angolan Kwanza', 'Kz'],
  ['BRL', 'Brazilian Real', 'R$'],
  ['MXN', 'Mexican Peso', 'MX$'],
  ['ARS', 'Argentine Peso', 'AR$'],
  ['CLP', 'Chilean Peso', 'CLP$', 0],
  ['COP', 'Colombian Peso', 'COL$'],
  ['PEN', 'Peruvian Sol', 'S/'],
  ['UYU', 'Uruguayan Peso', '$U'],
  ['PYG', 'Paraguayan Guaraní', '₲', 0],
  ['BOB', 'Bolivian Boliviano', 'Bs.'],
  ['VES', 'Venezuelan Bolívar', 'Bs.S'],
  ['CRC', 'Costa Rican Colón', '₡'],
  ['GTQ', 'Guatemalan Quetzal', 'Q'],
  ['HNL', 'Honduran Lempira', 'L'],
  ['NIO', 'Nicaraguan Córdoba', 'C$'],
  ['PAB', 'Panamanian Balboa', 'B/.'],
  ['DOP', 'Dominican Peso', 'RD$'],
  ['JMD', 'Jamaican Dollar', 'J$'],
  ['TTD', 'Trinidad and Tobago Dollar', 'TT$'],
  ['XCD', 'East Caribbean Dollar', 'EC$'],
  ['AWG', 'Aruban Florin', 'ƒ'],
  ['FJD', 'Fijian Dollar', 'FJ$'],
  ['PGK', 'Papua New Guinean Kina', 'K'],
  ['XPF', 'CFP Franc', 'CFP', 0],
];

export const currencies: readonly Currency[] = list.map(
  ([value, name, symbol, decimals]): Currency => ({
    value,
    label: `${value} - ${name}`,
    symbol,
    decimals: decimals ?? 2,
  }),
);

const byCode = new Map(currencies.map((currency) => [currency.value, currency]));

export const currencyCodes = currencies.map((currency) => currency.value) as [string, ...string[]];

/** The currency with this ISO code, or undefined when the app does not offer it. */
export function currencyByCode(code: string): Currency | undefined {
  return byCode.get(code.toUpperCase());
}

/** Like currencyByCode, for callers holding a code that was already validated. */
export function requireCurrency(code: string): Currency {
  const currency = currencyByCode(code);
  if (!currency) throw new RangeError(`Unknown currency: ${code}`);
  return currency;
}
