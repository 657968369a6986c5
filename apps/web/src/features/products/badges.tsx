import type { FeedImportStatus, ProductAvailability } from '@rtb/shared';
import { useTranslation } from 'react-i18next';
import { Badge, type BadgeTone } from '../../shell/badge/badge';

const statusTones: Record<FeedImportStatus, BadgeTone> = {
  queued: 'muted',
  running: 'info',
  succeeded: 'success',
  not_modified: 'neutral',
  failed: 'alert',
};

/** Queued, Running, Succeeded, Not modified or Failed. */
export function ImportStatusBadge({ status }: { status: FeedImportStatus }) {
  const { t } = useTranslation('products');
  return <Badge tone={statusTones[status]}>{t(`status.${status}`)}</Badge>;
}

const availabilityTones: Record<ProductAvailability, BadgeTone> = {
  in_stock: 'success',
  out_of_stock: 'alert',
  preorder: 'info',
  backorder: 'warning',
};

/** In stock, Out of stock, Preorder or Backorder. */
export function AvailabilityBadge({ availability }: { availability: ProductAvailability }) {
  const { t } = useTranslation('products');
  return <Badge tone={availabilityTones[availability]}>{t(`availability.${availability}`)}</Badge>;
}
