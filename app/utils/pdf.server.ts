/**
 * A PDF a use case wrote (invoice, remittance advice), as the download both portals serve: an
 * attachment under the use case's file name, never cached (it holds one agency's money).
 */
export function pdfAttachment(file: { file_name: string; content: Uint8Array<ArrayBuffer> }) {
  return new Response(file.content, {
    headers: {
      'Content-Type': 'application/pdf',
      'Content-Disposition': `attachment; filename="${file.file_name}"`,
      'Cache-Control': 'no-store',
    },
  })
}
