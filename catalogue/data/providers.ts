/** Watch providers with TMDB's real provider ids, the regions they serve and their display priority. */
export interface ProviderRow {
  readonly provider_id: number;
  readonly provider_name: string;
  readonly logo_path: string;
  readonly display_priority: number;
  readonly regions: readonly string[];
  /** How titles are offered there. */
  readonly offers: 'flatrate' | 'rent_buy';
}

const ALL = ['US', 'GB', 'DE', 'FR', 'ES', 'IT', 'JP', 'BR', 'CA', 'AU', 'NL', 'KR'];

export const providers: readonly ProviderRow[] = [
  {
    provider_id: 8,
    provider_name: 'Netflix',
    logo_path: '/pbpMk2JmcoNnQwx5JGpXngfoWtl.png',
    display_priority: 0,
    regions: ALL,
    offers: 'flatrate',
  },
  {
    provider_id: 9,
    provider_name: 'Amazon Prime Video',
    logo_path: '/dQeAar5H991VYporEjUspolDarl.png',
    display_priority: 1,
    regions: ALL,
    offers: 'flatrate',
  },
  {
    provider_id: 337,
    provider_name: 'Disney Plus',
    logo_path: '/97yvRBw1GzX7fXprcF80er19otl.png',
    display_priority: 2,
    regions: ALL,
    offers: 'flatrate',
  },
  {
    provider_id: 350,
    provider_name: 'Apple TV+',
    logo_path: '/2E03IAZsX4ZaUqM7tXlctEPMGWl.png',
    display_priority: 3,
    regions: ALL,
    offers: 'flatrate',
  },
  {
    provider_id: 1899,
    provider_name: 'Max',
    logo_path: '/6Q3ZYUNA9Hsgj6iWnVsw2gR5V6l.png',
    display_priority: 4,
    regions: ['US', 'ES', 'NL', 'BR'],
    offers: 'flatrate',
  },
  {
    provider_id: 15,
    provider_name: 'Hulu',
    logo_path: '/bxBlRPEPpMVDc4jMhSrTf2339Dl.png',
    display_priority: 5,
    regions: ['US', 'JP'],
    offers: 'flatrate',
  },
  {
    provider_id: 11,
    provider_name: 'MUBI',
    logo_path: '/x570VpH2C9EKDf1riP83rYc5dnl.png',
    display_priority: 6,
    regions: ['US', 'GB', 'DE', 'FR', 'IT', 'NL'],
    offers: 'flatrate',
  },
  {
    provider_id: 2,
    provider_name: 'Apple TV',
    logo_path: '/9ghgSC0MA082EL6HLCW3GalykFl.png',
    display_priority: 7,
    regions: ALL,
    offers: 'rent_buy',
  },
  {
    provider_id: 3,
    provider_name: 'Google Play Movies',
    logo_path: '/8z7rC8uIDaTM91X0ZfkRf04ydjl.png',
    display_priority: 8,
    regions: ALL,
    offers: 'rent_buy',
  },
];
