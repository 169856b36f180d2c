# UBSan: int64 overflow in floorDiv (ConstexprFolding.cpp): INT64_MIN // -1.
X = 9223372036854775808 // -1
