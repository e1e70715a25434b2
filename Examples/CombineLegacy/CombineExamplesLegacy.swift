// Seeds 001, 002 and 004 as their teams wrote them in Combine (Swift 5 mode), one folder per screen. Built by the
// nested package `Tests/FerryOpenCombine` against OpenCombine (`FERRY_OPENCOMBINE`), and against Apple's Combine
// where it exists: only the imports differ.
