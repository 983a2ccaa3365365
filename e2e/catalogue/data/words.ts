/**
 * Word lists for plausible titles and overviews. Each adjective and noun carries its German, French
 * and Spanish form, so a title can be rendered in those languages from the same structure and the
 * `language` query changes what a client sees, as TMDB's translations do.
 */
export const LANGUAGES = ['en', 'de', 'fr', 'es'] as const;
export type Language = (typeof LANGUAGES)[number];

type Forms = readonly [en: string, de: string, fr: string, es: string];

export const adjectives: readonly Forms[] = [
  ['Silent', 'Stille', 'Silencieux', 'Silencioso'],
  ['Broken', 'Zerbrochene', 'Brisé', 'Roto'],
  ['Last', 'Letzte', 'Dernier', 'Último'],
  ['Hidden', 'Verborgene', 'Caché', 'Oculto'],
  ['Golden', 'Goldene', 'Doré', 'Dorado'],
  ['Crimson', 'Purpurne', 'Pourpre', 'Carmesí'],
  ['Lost', 'Verlorene', 'Perdu', 'Perdido'],
  ['Endless', 'Endlose', 'Infini', 'Infinito'],
  ['Wild', 'Wilde', 'Sauvage', 'Salvaje'],
  ['Quiet', 'Ruhige', 'Tranquille', 'Tranquilo'],
  ['Burning', 'Brennende', 'Ardent', 'Ardiente'],
  ['Frozen', 'Gefrorene', 'Gelé', 'Helado'],
  ['Distant', 'Ferne', 'Lointain', 'Lejano'],
  ['Electric', 'Elektrische', 'Électrique', 'Eléctrico'],
  ['Secret', 'Geheime', 'Secret', 'Secreto'],
  ['Restless', 'Ruhelose', 'Agité', 'Inquieto'],
  ['Hollow', 'Hohle', 'Creux', 'Hueco'],
  ['Bright', 'Helle', 'Brillant', 'Brillante'],
  ['Northern', 'Nördliche', 'Nordique', 'Norteño'],
  ['Velvet', 'Samtene', 'Velours', 'Aterciopelado'],
  ['Iron', 'Eiserne', 'De fer', 'De hierro'],
  ['Midnight', 'Mitternächtliche', 'Nocturne', 'Nocturno'],
  ['Fragile', 'Zerbrechliche', 'Fragile', 'Frágil'],
  ['Savage', 'Grausame', 'Féroce', 'Feroz'],
];

export const nouns: readonly Forms[] = [
  ['Harbor', 'Hafen', 'Port', 'Puerto'],
  ['Garden', 'Garten', 'Jardin', 'Jardín'],
  ['Kingdom', 'Königreich', 'Royaume', 'Reino'],
  ['River', 'Fluss', 'Rivière', 'Río'],
  ['Signal', 'Signal', 'Signal', 'Señal'],
  ['Frontier', 'Grenze', 'Frontière', 'Frontera'],
  ['Orchard', 'Obstgarten', 'Verger', 'Huerto'],
  ['Mirror', 'Spiegel', 'Miroir', 'Espejo'],
  ['Lighthouse', 'Leuchtturm', 'Phare', 'Faro'],
  ['Empire', 'Imperium', 'Empire', 'Imperio'],
  ['Summer', 'Sommer', 'Été', 'Verano'],
  ['Winter', 'Winter', 'Hiver', 'Invierno'],
  ['Horizon', 'Horizont', 'Horizon', 'Horizonte'],
  ['Station', 'Bahnhof', 'Gare', 'Estación'],
  ['Witness', 'Zeuge', 'Témoin', 'Testigo'],
  ['Orbit', 'Umlaufbahn', 'Orbite', 'Órbita'],
  ['Archive', 'Archiv', 'Archive', 'Archivo'],
  ['Carnival', 'Jahrmarkt', 'Carnaval', 'Carnaval'],
  ['Tide', 'Gezeiten', 'Marée', 'Marea'],
  ['Heist', 'Coup', 'Casse', 'Golpe'],
  ['Letter', 'Brief', 'Lettre', 'Carta'],
  ['Forest', 'Wald', 'Forêt', 'Bosque'],
  ['Circus', 'Zirkus', 'Cirque', 'Circo'],
  ['Detective', 'Detektiv', 'Détective', 'Detective'],
  ['Island', 'Insel', 'Île', 'Isla'],
  ['Machine', 'Maschine', 'Machine', 'Máquina'],
  ['Promise', 'Versprechen', 'Promesse', 'Promesa'],
  ['Voyage', 'Reise', 'Voyage', 'Viaje'],
  ['Storm', 'Sturm', 'Tempête', 'Tormenta'],
  ['Shadow', 'Schatten', 'Ombre', 'Sombra'],
  ['Compass', 'Kompass', 'Boussole', 'Brújula'],
  ['Café', 'Café', 'Café', 'Café'],
  ['Château', 'Schloss', 'Château', 'Castillo'],
  ['Orchestra', 'Orchester', 'Orchestre', 'Orquesta'],
  ['Daughter', 'Tochter', 'Fille', 'Hija'],
  ['Stranger', 'Fremde', 'Étranger', 'Extraño'],
];

/** Given names: diacritics on purpose, so search folding (amelie → Amélie) is exercised. */
export const givenNames = [
  'Amélie', 'Zoë', 'Renée', 'Noël', 'Søren', 'Björn', 'José', 'Inés', 'Chloé', 'Hélène', 'François', 'Jürgen',
  'Ana', 'Max', 'Lena', 'Oscar', 'Ruby', 'Milo', 'Iris', 'Hugo', 'Maya', 'Elliot', 'Nadia', 'Tomás', 'Aiko',
  'Kenji', 'Priya', 'Omar', 'Fatima', 'Lucas', 'Clara', 'Mateo', 'Sofía', 'Ingrid', 'Dmitri', 'Olga', 'Ethan',
  'Grace', 'Noah', 'Léa', 'Théo', 'Mirela', 'Ciarán', 'Saoirse', 'Paulo', 'Joana', 'Yusuf', 'Hana', 'Jonas',
] as const;

export const familyNames = [
  'Moreau', 'Lindqvist', 'Okafor', 'Castillo', 'Nakamura', 'Müller', 'Novak', 'Brennan', 'Haddad', 'Kowalski',
  'Dubois', 'Ferreira', 'Andersen', 'Rossi', 'Petrova', 'Whitaker', 'Gallagher', 'Sato', 'Kim', 'Ndiaye',
  'Álvarez', 'Bergström', 'Caldwell', 'Delacroix', 'Esposito', 'Fischer', 'Gómez', 'Hayes', 'Ibáñez', 'Jansen',
  'Kovačić', 'Laurent', 'Mendoza', 'Nørgaard', 'Oliveira', 'Park', 'Quinn', 'Rahman', 'Schäfer', 'Tanaka',
  'Urquhart', 'Vasquez', 'Weber', 'Yilmaz', 'Zielińska', 'Reyes', 'Singh', 'Chen', 'Abbott', 'Fontaine',
] as const;

export const places = [
  'Montréal', 'São Paulo', 'Kraków', 'Reykjavík', 'Zürich', 'Tokyo', 'Brooklyn', 'Marseille', 'Sevilla', 'Málaga',
  'Berlin', 'Lisbon', 'Nairobi', 'Oslo', 'Valparaíso', 'Tbilisi', 'Hanoi', 'Dublin', 'Córdoba', 'Gdańsk',
] as const;

/** Title templates per language; {A} adjective, {N} and {M} nouns, {P} place, {Q} given name. */
export const titlePatterns: Readonly<Record<Language, readonly string[]>> = {
  en: ['The {A} {N}', '{N} of {P}', "{Q}'s {N}", '{A} {N}', 'The {N} and the {M}', '{Q}', '{A} {N} in {P}', '{N}'],
  de: ['Der {A} {N}', '{N} von {P}', '{Q}s {N}', '{A} {N}', '{N} und {M}', '{Q}', '{A} {N} in {P}', '{N}'],
  fr: ['Le {N} {A}', '{N} de {P}', '{N} de {Q}', '{N} {A}', 'Le {N} et le {M}', '{Q}', '{N} {A} à {P}', '{N}'],
  es: ['El {N} {A}', '{N} de {P}', '{N} de {Q}', '{N} {A}', 'El {N} y el {M}', '{Q}', '{N} {A} en {P}', '{N}'],
};

/** Pattern weights: single-word titles are rare, as in a real catalogue. */
export const patternWeights = [20, 16, 10, 18, 10, 3, 8, 4] as const;

export const overviewTemplates: Readonly<Record<Language, readonly string[]>> = {
  en: [
    'When {Q} returns to {P}, a {a} secret buried in the {n} threatens to unravel everything the family built.',
    'A {a} {n} draws {Q} into a race against time across {P}, where nobody is who they seem.',
    'Years after the {n} closed, {Q} and an unlikely ally uncover what really happened in {P}.',
    'In {P}, a {a} summer changes the lives of four friends and the {n} they swore to protect.',
    '{Q} has one night in {P} to find the {n} before the {a} truth comes out.',
  ],
  de: [
    'Als {Q} nach {P} zurückkehrt, droht ein Geheimnis um {n} alles zu zerstören, was die Familie aufgebaut hat.',
    'Ein Wettlauf gegen die Zeit führt {Q} quer durch {P}, wo niemand ist, wer er zu sein scheint.',
    'Jahre später decken {Q} und ein ungleicher Verbündeter auf, was in {P} wirklich geschah.',
  ],
  fr: [
    "Quand {Q} revient à {P}, un secret lié au {n} menace de détruire tout ce que la famille a construit.",
    'Une course contre la montre entraîne {Q} à travers {P}, où personne n’est ce qu’il semble être.',
    "Des années plus tard, {Q} et un allié inattendu découvrent ce qui s'est vraiment passé à {P}.",
  ],
  es: [
    'Cuando {Q} regresa a {P}, un secreto sobre el {n} amenaza con destruir todo lo que la familia construyó.',
    'Una carrera contra el tiempo lleva a {Q} a través de {P}, donde nadie es quien parece.',
    'Años después, {Q} y un aliado inesperado descubren lo que realmente ocurrió en {P}.',
  ],
};

export const taglines = [
  'Some doors should stay closed.',
  'Every secret has a price.',
  'The truth was never the point.',
  'One night. One chance.',
  'Home is where the trouble is.',
  'Nothing stays buried forever.',
  '',
];

export const characterRoles = ['Detective', 'Herself', 'Himself', 'Captain', 'Dr.', 'Young', 'Old', 'Mayor', 'Agent'] as const;
