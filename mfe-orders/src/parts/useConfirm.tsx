import { useConfirm as useUiConfirm } from '@portal/ui';

/** The design system's awaited yes/no dialog (@portal/ui useConfirm) with this MFE's test ids ('order-confirm'). */
export const useConfirm = (testId = 'order-confirm') => useUiConfirm(testId);
