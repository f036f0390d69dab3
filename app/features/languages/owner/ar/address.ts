// Who can open a code's address, Arabic. Rules: docs/features/campaigns-and-print.md ("Who can open a code").
export const arAddress = {
  address: {
    unencrypted: {
      title: "يفتح هذا الرمز صفحة غير مشفّرة",
      text: "يشير إلى {{origin}}: تفتحها الهواتف لكنها تحذّر «غير آمن»، وتنتقل بيانات زوارك دون حماية.",
    },
    localNetwork: {
      title: "لا تفتح هذا الرمز إلا الهواتف المتصلة بهذه الشبكة",
      text: "يشير إلى {{origin}}، وهو عنوان على الشبكة المحلية: يفتحه هاتف متصل بشبكة Wi-Fi نفسها، ولا يفتحه غيره.",
    },
    unreachable: {
      title: "لا تستطيع الهواتف فتح هذا الرمز",
      thisComputer: "يشير إلى {{origin}}، ولا يفتحه إلا هذا الحاسوب.",
      nowhere: "يشير إلى {{origin}}، وهو عنوان لا يصل إليه أي هاتف.",
    },
    fix: "اضبط APP_URL على عنوانك العام بصيغة https (مثل APP_URL=https://qr.example.com) وأعد تشغيل الخادم قبل الطباعة.",
  },
};
