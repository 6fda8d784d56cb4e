import { z } from 'zod'

const CHOOSE_POLICY = 'Choose the policy the proof belongs to'

/** The proof upload's fields (the file, `document`, is checked by the action as it is stored). */
export const UploadProofSchema = z.object({
  intent: z.literal('upload-proof'),
  policy_id: z.preprocess(
    (v) => (v === undefined ? undefined : Number(v)),
    z
      .number({ error: CHOOSE_POLICY })
      .int(CHOOSE_POLICY)
      .positive(CHOOSE_POLICY)
      .max(2147483647, CHOOSE_POLICY),
  ),
})
