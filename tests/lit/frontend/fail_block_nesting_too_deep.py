# An `elif` chain nests one level per `elif`; beyond 200 levels it is
# reported once, at the first `elif` past the bound, and the rest of the chain is skipped.
# RUN: not %tritonc %s --emit ast -o - 2>&1 | FileCheck %s
if x:
    pass
elif x == 1:
    pass
elif x == 2:
    pass
elif x == 3:
    pass
elif x == 4:
    pass
elif x == 5:
    pass
elif x == 6:
    pass
elif x == 7:
    pass
elif x == 8:
    pass
elif x == 9:
    pass
elif x == 10:
    pass
elif x == 11:
    pass
elif x == 12:
    pass
elif x == 13:
    pass
elif x == 14:
    pass
elif x == 15:
    pass
elif x == 16:
    pass
elif x == 17:
    pass
elif x == 18:
    pass
elif x == 19:
    pass
elif x == 20:
    pass
elif x == 21:
    pass
elif x == 22:
    pass
elif x == 23:
    pass
elif x == 24:
    pass
elif x == 25:
    pass
elif x == 26:
    pass
elif x == 27:
    pass
elif x == 28:
    pass
elif x == 29:
    pass
elif x == 30:
    pass
elif x == 31:
    pass
elif x == 32:
    pass
elif x == 33:
    pass
elif x == 34:
    pass
elif x == 35:
    pass
elif x == 36:
    pass
elif x == 37:
    pass
elif x == 38:
    pass
elif x == 39:
    pass
elif x == 40:
    pass
elif x == 41:
    pass
elif x == 42:
    pass
elif x == 43:
    pass
elif x == 44:
    pass
elif x == 45:
    pass
elif x == 46:
    pass
elif x == 47:
    pass
elif x == 48:
    pass
elif x == 49:
    pass
elif x == 50:
    pass
elif x == 51:
    pass
elif x == 52:
    pass
elif x == 53:
    pass
elif x == 54:
    pass
elif x == 55:
    pass
elif x == 56:
    pass
elif x == 57:
    pass
elif x == 58:
    pass
elif x == 59:
    pass
elif x == 60:
    pass
elif x == 61:
    pass
elif x == 62:
    pass
elif x == 63:
    pass
elif x == 64:
    pass
elif x == 65:
    pass
elif x == 66:
    pass
elif x == 67:
    pass
elif x == 68:
    pass
elif x == 69:
    pass
elif x == 70:
    pass
elif x == 71:
    pass
elif x == 72:
    pass
elif x == 73:
    pass
elif x == 74:
    pass
elif x == 75:
    pass
elif x == 76:
    pass
elif x == 77:
    pass
elif x == 78:
    pass
elif x == 79:
    pass
elif x == 80:
    pass
elif x == 81:
    pass
elif x == 82:
    pass
elif x == 83:
    pass
elif x == 84:
    pass
elif x == 85:
    pass
elif x == 86:
    pass
elif x == 87:
    pass
elif x == 88:
    pass
elif x == 89:
    pass
elif x == 90:
    pass
elif x == 91:
    pass
elif x == 92:
    pass
elif x == 93:
    pass
elif x == 94:
    pass
elif x == 95:
    pass
elif x == 96:
    pass
elif x == 97:
    pass
elif x == 98:
    pass
elif x == 99:
    pass
elif x == 100:
    pass
elif x == 101:
    pass
elif x == 102:
    pass
elif x == 103:
    pass
elif x == 104:
    pass
elif x == 105:
    pass
elif x == 106:
    pass
elif x == 107:
    pass
elif x == 108:
    pass
elif x == 109:
    pass
elif x == 110:
    pass
elif x == 111:
    pass
elif x == 112:
    pass
elif x == 113:
    pass
elif x == 114:
    pass
elif x == 115:
    pass
elif x == 116:
    pass
elif x == 117:
    pass
elif x == 118:
    pass
elif x == 119:
    pass
elif x == 120:
    pass
elif x == 121:
    pass
elif x == 122:
    pass
elif x == 123:
    pass
elif x == 124:
    pass
elif x == 125:
    pass
elif x == 126:
    pass
elif x == 127:
    pass
elif x == 128:
    pass
elif x == 129:
    pass
elif x == 130:
    pass
elif x == 131:
    pass
elif x == 132:
    pass
elif x == 133:
    pass
elif x == 134:
    pass
elif x == 135:
    pass
elif x == 136:
    pass
elif x == 137:
    pass
elif x == 138:
    pass
elif x == 139:
    pass
elif x == 140:
    pass
elif x == 141:
    pass
elif x == 142:
    pass
elif x == 143:
    pass
elif x == 144:
    pass
elif x == 145:
    pass
elif x == 146:
    pass
elif x == 147:
    pass
elif x == 148:
    pass
elif x == 149:
    pass
elif x == 150:
    pass
elif x == 151:
    pass
elif x == 152:
    pass
elif x == 153:
    pass
elif x == 154:
    pass
elif x == 155:
    pass
elif x == 156:
    pass
elif x == 157:
    pass
elif x == 158:
    pass
elif x == 159:
    pass
elif x == 160:
    pass
elif x == 161:
    pass
elif x == 162:
    pass
elif x == 163:
    pass
elif x == 164:
    pass
elif x == 165:
    pass
elif x == 166:
    pass
elif x == 167:
    pass
elif x == 168:
    pass
elif x == 169:
    pass
elif x == 170:
    pass
elif x == 171:
    pass
elif x == 172:
    pass
elif x == 173:
    pass
elif x == 174:
    pass
elif x == 175:
    pass
elif x == 176:
    pass
elif x == 177:
    pass
elif x == 178:
    pass
elif x == 179:
    pass
elif x == 180:
    pass
elif x == 181:
    pass
elif x == 182:
    pass
elif x == 183:
    pass
elif x == 184:
    pass
elif x == 185:
    pass
elif x == 186:
    pass
elif x == 187:
    pass
elif x == 188:
    pass
elif x == 189:
    pass
elif x == 190:
    pass
elif x == 191:
    pass
elif x == 192:
    pass
elif x == 193:
    pass
elif x == 194:
    pass
elif x == 195:
    pass
elif x == 196:
    pass
elif x == 197:
    pass
elif x == 198:
    pass
elif x == 199:
    pass
# CHECK: [[@LINE+3]]:1: error: statement nesting is deeper than 200 levels [BlockNestingTooDeep]
# CHECK-NEXT: | elif x == 200:
# CHECK-NEXT: | ^~~~
elif x == 200:
    pass
elif x == 201:
    pass
else:
    pass
y = 1
# CHECK-NOT: error:
