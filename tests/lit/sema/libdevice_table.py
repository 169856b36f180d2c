# The table sema resolves `libdevice.NAME` calls against
# (src/sema/LibdeviceFunctions.inc) is libdevice's own list of functions:
# regenerated from the toolkit's libdevice, it must come out the same.
# RUN: bash %source/tools/libdevice_table.sh %libdevice > %t.inc
# RUN: diff %t.inc %source/src/sema/LibdeviceFunctions.inc
# RUN: grep -c '"__nv_' %t.inc | FileCheck %s
# CHECK: {{[1-9][0-9][0-9]}}
