/**
 * The words the content check warns on (docs/behaviour.md#claims). Since EU Directive 2024/825 a business may not tell
 * consumers that it or a product is green, eco-friendly or carbon neutral without recognised proof, nor present what
 * the law already requires as its own merit. A hotel's texts say what a gesture does instead, estimated.
 *
 * Each entry is a word or a phrase, matched on whole words, whatever the case and the accents (Arabic: its short
 * vowels and the hamza on an alef), hyphens and apostrophes read as spaces, with an optional final 's' (a plural).
 * Ambiguous words (vert, durable, green, أخضر) are listed only in the phrases where they make a claim: 'haricots
 * verts' and 'green beans' are food.
 */

/** The languages with their own lists; a text in another language is checked against all of them. */
export const CLAIM_LANGUAGES = ['fr', 'en', 'ar'] as const;
export type ClaimLanguage = (typeof CLAIM_LANGUAGES)[number];

/** Generic environmental claims: what the hotel, a stay or a gesture is said to be, with no figure behind it. */
export const GENERIC_CLAIMS: Record<ClaimLanguage, readonly string[]> = {
  fr: [
    'éco-responsable',
    'écoresponsable',
    'écologique',
    'écolo',
    'respectueux de l’environnement',
    'respectueuse de l’environnement',
    'ami de la planète',
    'pour la planète',
    'neutre en carbone',
    'neutres en carbone',
    'neutralité carbone',
    'climatiquement neutre',
    'neutre pour le climat',
    'zéro carbone',
    'zéro émission',
    'hôtel vert',
    'séjour vert',
    'geste vert',
    'gestes verts',
    'hôtel durable',
    'séjour durable',
    'tourisme durable',
    'développement durable',
  ],
  en: [
    'eco-friendly',
    'ecofriendly',
    'environmentally friendly',
    'planet-friendly',
    'climate-friendly',
    'earth-friendly',
    'for the planet',
    'friend of the planet',
    'sustainable',
    'sustainably',
    'carbon neutral',
    'climate neutral',
    'net zero',
    'zero carbon',
    'zero emission',
    'green hotel',
    'green stay',
    'green gesture',
    'green commitment',
    'go green',
    'eco-conscious',
    'eco-responsible',
  ],
  ar: [
    'صديق للبيئة',
    'صديقة للبيئة',
    'صديق البيئة',
    'صديق الكوكب',
    'من أجل الكوكب',
    'محايد الكربون',
    'محايد كربونيا',
    'محايدة كربونيا',
    'الحياد الكربوني',
    'خالي من الكربون',
    'مستدام',
    'مستدامة',
    'فندق أخضر',
    'إقامة خضراء',
    'التزاماتنا البيئية',
  ],
};

/**
 * Measures the law requires of a hotel, phrased as its merit (Directive 2024/825: a claim about a legal requirement
 * presented as a distinctive feature). A short list: waste sorting (EU Waste Framework Directive, in France the AGEC
 * law) and the single-use plastics ban (EU Directive 2019/904). Saying a measure is required by law is fine, and so is
 * a guest's own gesture ('a stay without single-use plastic').
 */
export const LEGAL_REQUIREMENT_CLAIMS: Record<ClaimLanguage, readonly string[]> = {
  fr: [
    'tri des déchets',
    'tri sélectif',
    'nous trions nos déchets',
    'interdiction des plastiques à usage unique',
    'interdiction du plastique à usage unique',
    'sans pailles en plastique',
  ],
  en: [
    'waste sorting',
    'we sort our waste',
    'single-use plastic ban',
    'ban on single-use plastic',
    'we banned single-use plastic',
    'no plastic straws',
  ],
  ar: ['فرز النفايات', 'نفرز نفاياتنا', 'حظر البلاستيك أحادي الاستخدام', 'منع البلاستيك أحادي الاستخدام'],
};

/** Lower case, no accents nor Arabic short vowels, every run of other characters one space, spaces around. */
function wordsOf(text: string): string {
  const plain = text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
  return ` ${plain} `;
}

/** Arabic joins the article and some prepositions to the word they precede. */
const ARABIC_PROCLITICS = ['', 'و', 'ف', 'ب', 'ل', 'ال', 'وال', 'بال', 'فال', 'لل', 'ول'];

function matches(words: string, entry: string, language: string): boolean {
  const phrase = wordsOf(entry).trim();
  const prefixes = language === 'ar' ? ARABIC_PROCLITICS : [''];
  return prefixes.some((prefix) => words.includes(` ${prefix}${phrase} `) || words.includes(` ${prefix}${phrase}s `));
}

/** The entries of `lists` a text in `language` uses (its own list, or every list for another language). */
function found(lists: Record<ClaimLanguage, readonly string[]>, text: string, language: string): string[] {
  const words = wordsOf(text);
  const own = (CLAIM_LANGUAGES as readonly string[]).includes(language) ? [language as ClaimLanguage] : CLAIM_LANGUAGES;
  return own.flatMap((code) => lists[code].filter((entry) => matches(words, entry, code)));
}

/** The generic claims a text in `language` makes. */
export function genericClaimsIn(text: string, language: string): string[] {
  return found(GENERIC_CLAIMS, text, language);
}

/** The legal requirements a text in `language` presents as a merit. */
export function legalRequirementClaimsIn(text: string, language: string): string[] {
  return found(LEGAL_REQUIREMENT_CLAIMS, text, language);
}
