import { AdvertiserFilter, AgencyFilter } from '../activity-logs';

/** The admin's money lists narrowed to one agency's or one advertiser's records. */
export function OrganisationFilters({
  filters,
  onChange,
}: {
  filters: Record<string, string>;
  onChange: (changes: Record<string, string>) => void;
}) {
  const field = (name: 'agencyId' | 'advertiserId') => ({
    name,
    value: filters[name] ?? '',
    onChange: (event: { target: { value: string } }) => onChange({ [name]: event.target.value }),
  });
  return (
    <>
      <AgencyFilter field={field('agencyId')} />
      <AdvertiserFilter field={field('advertiserId')} />
    </>
  );
}
