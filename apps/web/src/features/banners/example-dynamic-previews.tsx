import { type BannerDto, type DynamicTemplate, defaultBannerSizes } from '@rtb/shared';
import { DynamicPreviews } from './dynamic-previews';
import { useExampleProducts } from './use-preview-products';

/**
 * A dynamic banner for its review: the template with its logo in every IAB size, with made-up
 * products leading to its landing page (the reviewer moderates the template once; the shop's
 * products change every day).
 */
export function ExampleDynamicPreviews({
  banner,
  template,
}: {
  banner: BannerDto;
  template: DynamicTemplate;
}) {
  const products = useExampleProducts(banner.landingUrl);
  return (
    <DynamicPreviews
      template={template}
      sizes={defaultBannerSizes}
      products={products}
      logoUrl={banner.previewUrl}
      shopName={banner.name}
      examples
    />
  );
}
