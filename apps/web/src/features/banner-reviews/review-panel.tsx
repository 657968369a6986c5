import type { BannerReviewBody, BannerReviewItemDto } from '@rtb/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCan } from '../../auth/can';
import { formatDateTime } from '../../lib/format';
import { Badge } from '../../shell/badge/badge';
import { Button } from '../../shell/button/button';
import { failureText } from '../../shell/form/failure-text';
import { SidePanel } from '../../shell/side-panel/side-panel';
import { notify } from '../../shell/toast/notify';
import { BannerDetails, bannersStyles as styles } from '../banners';
import { advertiserPath } from '../organisations';
import { useAdminBanner, useReviewBanner } from './banner-reviews-api';
import { RejectForm } from './reject-form';

/**
 * One creative for review (`?banner=<id>` on the queue tab): the preview at real size, its
 * advertiser and details, and, with `advertisers:write`, Approve or Reject with a reason; after
 * a decision `onDecided` moves on to the next one.
 */
export function ReviewPanel({
  id,
  item,
  onClose,
  onDecided,
}: {
  id: number;
  /** The creative as the queue lists it (with its advertiser), when it is on the page shown. */
  item: BannerReviewItemDto | undefined;
  onClose: () => void;
  onDecided: () => void;
}) {
  const { t } = useTranslation('banners');
  const query = useAdminBanner(id);
  const banner = query.data;
  const canWrite = useCan('advertisers', 'write');
  const review = useReviewBanner(id);

  const decide = async (body: BannerReviewBody) => {
    const saved = await review.mutateAsync(body);
    notify.success(
      t(body.decision === 'approve' ? 'review.approved' : 'review.rejected', { name: saved.name }),
    );
    onDecided();
  };
  const approve = async () => {
    try {
      await decide({ decision: 'approve' });
    } catch (error) {
      notify.error(failureText(t, error));
    }
  };

  const advertiser = item?.advertiser;
  const extra: [string, ReactNode][] = advertiser
    ? [
        [
          t('review.advertiser'),
          <span key="advertiser" className={styles.advertiserCell}>
            <Link to={advertiserPath('admin', advertiser.id)}>{advertiser.name}</Link> ({advertiser.code})
            {advertiser.creativesTrusted && <Badge tone="info">{t('review.trusted')}</Badge>}
          </span>,
        ],
        [t('review.agency'), advertiser.agency?.name ?? t('review.noAgency')],
      ]
    : [];

  return (
    <SidePanel
      onClose={onClose}
      size="xlarge"
      title={banner?.name ?? t('common:loading')}
      subtitle={
        item
          ? t('review.panelSubtitle', {
              advertiser: item.advertiser.name,
              code: item.advertiser.code,
              date: formatDateTime(item.submittedAt),
            })
          : undefined
      }
    >
      <BannerDetails query={query} extra={extra} products="examples">
        {(banner) =>
          banner.status !== 'pending' ? (
            <p className={styles.muted}>{t('review.notPending', { status: t(`status.${banner.status}`) })}</p>
          ) : canWrite ? (
            <>
              <div className={styles.panelActions}>
                <Button color="success" loading={review.isPending} onClick={() => void approve()}>
                  {t('review.approve')}
                </Button>
              </div>
              <RejectForm
                key={banner.id}
                disabled={review.isPending}
                onReject={(body) => decide({ decision: 'reject', ...body })}
              />
            </>
          ) : (
            <p className={styles.muted}>{t('review.readOnly')}</p>
          )
        }
      </BannerDetails>
    </SidePanel>
  );
}
