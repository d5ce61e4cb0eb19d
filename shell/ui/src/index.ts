export * from './types.js';
export { Button, type ButtonProps } from './Button.js';
export { Alert, type AlertProps } from './Alert.js';
export { toast, Toaster } from './toast.js';
export { Modal, type ModalProps } from './Modal.js';
export { TextField, TextArea, Select, Checkbox, type Option } from './fields.js';
export { DataTable, type DataTableProps, type RowEditing } from './DataTable.js';
export { NumberCell, TitledCell } from './cells.js';
export { printHtml, printElement, escapeHtml } from './print.js';
export { csvField, toCsv, datedFileName, downloadText, saveBlob, type CsvColumn } from './csv.js';
export {
  navigateTo,
  useLocation,
  useQuery,
  Link,
  EmptyState,
  emptyScreen,
  PageTitle,
  type EmptyStateProps,
} from './routing.js';
export { isEmail, useMediaQuery, useIsMobile } from './hooks.js';
export { PortalProvider, usePortal, useSessionUser, ScreenError, ErrorBoundary } from './portal.js';
export { LicencePicker, SignaturePad, preloadSignaturePad } from './parts.js';
export {
  drawTextSignature,
  SIGN_PAD_DELAY_MS,
  type SignaturePadProps,
  type SignatureValue,
} from './signature.js';
export { TagInput, type TagInputProps } from './TagInput.js';
export { Steps, type StepsProps } from './Steps.js';
export { lazyPage } from './lazyPage.js';
export { licenceText, type LicenceOption, type LicencePickerProps } from './licence.js';
export {
  defineMfe,
  manifestProblems,
  type MfeManifest,
  type MfePage,
  type MfeOverlayProps,
} from './mfe-manifest.js';
export { QueryProvider, queryClient } from './query.js';
export { mfeApp } from './mfe-app.js';
export { useConfirm, type ConfirmAsk } from './useConfirm.js';
export { useSignatureCanvas } from './useSignatureCanvas.js';
