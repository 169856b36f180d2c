// The driver loop: programs of the grid in order, ops of a block in order,
// structured control flow, and turning a KernelFault into a RunResult.
#include "Machine.h"

#include "tritonc/ir/FloatFormat.h"
#include "tritonc/ir/PrintFormat.h"
#include "tritonc/support/Diagnostics.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <cstdio>

namespace tritonc::interp {

Frame::Frame(const tir::Function &function) { number(function.body); }

void Frame::number(const tir::Block &block) {
  for (const auto &arg : block.args)
    index_.emplace(arg.get(), index_.size());
  for (const auto &op : block.ops) {
    for (const auto &region : op->regions)
      number(*region);
    for (const auto &result : op->results)
      index_.emplace(result.get(), index_.size());
  }
  slots_.resize(index_.size());
}

namespace {

using tir::OpKind;

class Program {
public:
  Program(Frame &frame, Memory &memory, const int64_t (&pid)[3], const Grid &grid)
      : frame_(frame), memory_(memory), pid_(pid), grid_(grid) {}

  // Runs the ops of `block` up to its terminator and returns that.
  const tir::Op &run(const tir::Block &block) {
    for (const auto &op : block.ops) {
      if (traits(op->kind) & tir::kTerminator)
        return *op;
      step(*op);
    }
    internalError("a block without a terminator");
  }

private:
  void step(const tir::Op &op) {
    switch (op.kind) {
    case OpKind::ProgramId:
    case OpKind::NumPrograms: {
      int64_t axis = op.intAttr("axis");
      const int64_t counts[3] = {grid_.x, grid_.y, grid_.z};
      int64_t v = op.kind == OpKind::ProgramId ? pid_[axis] : counts[axis];
      frame_.define(op.result()).bits[0] = truncBits(uint64_t(v), bitWidth(op.result()->type.elem.kind));
      return;
    }
    case OpKind::Constant:
    case OpKind::MakeRange:
    case OpKind::Splat:
    case OpKind::ExpandDims:
    case OpKind::Broadcast:
    case OpKind::Reshape:
    case OpKind::Trans:
    case OpKind::MultipleOf:
    case OpKind::MaxContiguous:
    case OpKind::WindowPointers:
    case OpKind::Gather:
    case OpKind::Select: return evalShape(op, frame_);
    case OpKind::AddI:
    case OpKind::SubI:
    case OpKind::MulI:
    case OpKind::DivSI:
    case OpKind::DivUI:
    case OpKind::RemSI:
    case OpKind::RemUI:
    case OpKind::AndI:
    case OpKind::OrI:
    case OpKind::XorI:
    case OpKind::MulHiUI:
    case OpKind::ShlI:
    case OpKind::ShrSI:
    case OpKind::ShrUI:
    case OpKind::MaxSI:
    case OpKind::MinSI:
    case OpKind::MaxUI:
    case OpKind::MinUI:
    case OpKind::AbsI:
    case OpKind::CmpI: return evalInteger(op, frame_);
    case OpKind::AddF:
    case OpKind::SubF:
    case OpKind::MulF:
    case OpKind::DivF:
    case OpKind::RemF:
    case OpKind::NegF:
    case OpKind::Fma:
    case OpKind::MaxNumF:
    case OpKind::MinNumF:
    case OpKind::MaximumF:
    case OpKind::MinimumF:
    case OpKind::AbsF:
    case OpKind::CmpF: return evalFloat(op, frame_);
    case OpKind::Math:
    case OpKind::ExternCall: return evalMath(op, frame_);
    case OpKind::InlineAsm: throw KernelFault(op, "the interpreter cannot run inline PTX assembly");
    case OpKind::ExtSI:
    case OpKind::ExtUI:
    case OpKind::TruncI:
    case OpKind::SIToFP:
    case OpKind::UIToFP:
    case OpKind::FPToSI:
    case OpKind::FPToUI:
    case OpKind::ExtF:
    case OpKind::TruncF:
    case OpKind::Bitcast: return evalCast(op, frame_);
    case OpKind::AddPtr:
    case OpKind::Load:
    case OpKind::Store:
    case OpKind::AtomicRMW:
    case OpKind::AtomicCAS: return evalMemory(op, frame_, memory_);
    case OpKind::Reduce:
    case OpKind::Scan:
      return evalReduce(op, frame_, [this](const tir::Block &region) -> const tir::Op & { return run(region); });
    case OpKind::Dot: return evalDot(op, frame_);
    case OpKind::For: return runFor(op);
    case OpKind::If: return runIf(op);
    case OpKind::While: return runWhile(op);
    case OpKind::Barrier: // programs run one at a time: nothing to wait for
      return;
    case OpKind::Print: return printValues(op);
    case OpKind::LocalAlloc:
    case OpKind::LocalSlot:
    case OpKind::LocalLoad:
    case OpKind::AsyncCopy:
    case OpKind::LocalStore:
    case OpKind::AsyncCommit:
    case OpKind::AsyncWait:
    case OpKind::TmaCopy:
    case OpKind::TmaStore:
    case OpKind::TmaStoreWait:
    case OpKind::TmaWait:
    case OpKind::ReleaseBarriers:
    case OpKind::WarpSpecialize:
    case OpKind::NumSms:
    case OpKind::RingRelease:
    case OpKind::RingAcquire:
    case OpKind::ProducerJoin:
      internalError("the interpreter runs tile-level IR; `" + std::string(tir::mnemonic(op.kind)) +
                    "` exists only after the GPU passes");
    case OpKind::ConvertLayout: internalError("the interpreter runs tile-level IR, which has no `convert_layout`");
    case OpKind::Yield:
    case OpKind::Condition:
    case OpKind::Return: internalError("a terminator in the middle of a block");
    }
  }

  // Copies `from` into `to` one by one. The sources are read in full first:
  // a yield may pass a region argument on to another position.
  void forward(const std::vector<tir::Value *> &from, size_t skip, const std::vector<tir::Value *> &to) {
    std::vector<std::vector<uint64_t>> staged;
    for (size_t i = skip; i < from.size(); ++i)
      staged.push_back(frame_.get(from[i]).bits);
    for (size_t i = 0; i < to.size(); ++i)
      frame_.define(to[i]).bits = std::move(staged[i]);
  }

  static std::vector<tir::Value *> values(const std::vector<std::unique_ptr<tir::Value>> &owned, size_t skip = 0) {
    std::vector<tir::Value *> out;
    for (size_t i = skip; i < owned.size(); ++i)
      out.push_back(owned[i].get());
    return out;
  }

  // tl.device_print: each element in row-major order, as the GPU prints it.
  void printValues(const tir::Op &op) {
    bool hex = op.attr("hex") != nullptr;
    for (size_t o = 0; o < op.operands.size(); ++o) {
      const tir::Value *v = op.operands[o];
      const RtValue &value = frame_.get(v);
      ScalarKind kind = v->type.elem.kind;
      PrintedValue p = printedValue(op.strAttr("prefix"), kind, hex, op.operands.size() > 1 ? int(o) : -1);
      const std::vector<int64_t> &shape = v->type.shape;
      for (size_t i = 0; i < value.bits.size(); ++i) {
        std::string line = fmt::format("pid ({}, {}, {})", pid_[0], pid_[1], pid_[2]);
        if (!shape.empty()) {
          std::vector<int64_t> index(shape.size());
          size_t rest = i;
          for (size_t d = shape.size(); d-- > 0; rest /= size_t(shape[d]))
            index[d] = int64_t(rest % size_t(shape[d]));
          line += fmt::format(" idx ({})", fmt::join(index, ", "));
        }
        char text[64];
        uint64_t bits = value.bits[i];
        if (!hex && isFloat(kind))
          std::snprintf(text, sizeof text, p.conversion.c_str(), decodeFloat(bits, kind));
        else if (p.wide)
          std::snprintf(text, sizeof text, p.conversion.c_str(), (unsigned long long)bits);
        else if (!hex && isSigned(kind) && kind != ScalarKind::I1)
          std::snprintf(text, sizeof text, p.conversion.c_str(), int(sextBits(bits, bitWidth(kind))));
        else
          std::snprintf(text, sizeof text, p.conversion.c_str(), unsigned(bits));
        std::printf("%s %s: %s\n", line.c_str(), p.label.c_str(), text);
      }
    }
    std::fflush(stdout);
  }

  // `for` runs its body while iv < ub (iv > ub when {descending}), the
  // induction variable wrapping at its width as the GPU's add does.
  void runFor(const tir::Op &op) {
    const tir::Block &body = *op.regions[0];
    unsigned width = bitWidth(op.operands[0]->type.elem.kind);
    int64_t lb = sextBits(frame_.get(op.operands[0]).bits[0], width);
    int64_t ub = sextBits(frame_.get(op.operands[1]).bits[0], width);
    int64_t step = sextBits(frame_.get(op.operands[2]).bits[0], width);
    bool descending = op.attr("descending") != nullptr;
    std::vector<tir::Value *> inits(op.operands.begin() + 3, op.operands.end());
    std::vector<tir::Value *> carried = values(body.args, 1);
    forward(inits, 0, carried);
    if (step == 0 && lb < ub)
      throw KernelFault(op, "`for` loop with step 0 never ends");
    for (int64_t iv = lb; descending ? iv > ub : iv < ub; iv = sextBits(uint64_t(iv) + uint64_t(step), width)) {
      frame_.define(body.args[0].get()).bits[0] = truncBits(uint64_t(iv), width);
      forward(run(body).operands, 0, carried);
    }
    forward(carried, 0, values(op.results));
  }

  void runIf(const tir::Op &op) {
    bool taken = frame_.get(op.operands[0]).bits[0] != 0;
    forward(run(*op.regions[taken ? 0 : 1]).operands, 0, values(op.results));
  }

  void runWhile(const tir::Op &op) {
    const tir::Block &before = *op.regions[0], &after = *op.regions[1];
    forward(op.operands, 0, values(before.args));
    for (;;) {
      const tir::Op &condition = run(before);
      if (frame_.get(condition.operands[0]).bits[0] == 0) {
        forward(condition.operands, 1, values(op.results));
        return;
      }
      forward(condition.operands, 1, values(after.args));
      forward(run(after).operands, 0, values(before.args));
    }
  }

  Frame &frame_;
  Memory &memory_;
  const int64_t (&pid_)[3];
  const Grid &grid_;
};

RunResult failure(const std::string &message, const tir::Op *op, const SourceFile *source) {
  RunResult r;
  r.ok = false;
  r.message = message;
  r.hasLocation = op != nullptr;
  if (op) {
    r.location = op->loc;
    if (source) {
      LineColumn lc = source->lineColumn(op->loc.begin);
      r.error = fmt::format("{}:{}:{}: error: {}", source->path(), lc.line, lc.column, message);
      return r;
    }
  }
  r.error = "error: " + message;
  return r;
}

} // namespace

RunResult interpret(const tir::Function &function, const std::vector<KernelArg> &args, std::vector<HostBuffer> &buffers,
                    Grid grid, const SourceFile *source) {
  const auto &params = function.body.args;
  if (args.size() != params.size())
    return failure(fmt::format("kernel `{}` takes {} arguments, given {}", function.name, params.size(), args.size()),
                   nullptr, source);
  if (grid.x < 1 || grid.y < 1 || grid.z < 1)
    return failure(fmt::format("grid ({}, {}, {}) has an empty dimension", grid.x, grid.y, grid.z), nullptr, source);
  if (buffers.size() >= (size_t(1) << (64 - kOffsetBits)) - 1)
    return failure("too many buffers", nullptr, source);

  Frame frame(function);
  Memory memory{buffers, std::vector<std::string>(buffers.size())};
  for (size_t i = 0; i < params.size(); ++i) {
    const tir::Value *p = params[i].get();
    bool wantsPointer = p->type.elem.isPointer();
    if (wantsPointer != (args[i].kind == KernelArg::Kind::Buffer))
      return failure(
          fmt::format("argument {} (`{}`) must be {}", i + 1, p->nameHint, wantsPointer ? "a buffer" : "a scalar"),
          nullptr, source);
    if (wantsPointer && args[i].buffer >= buffers.size())
      return failure(
          fmt::format("argument {} (`{}`) names buffer {} of {}", i + 1, p->nameHint, args[i].buffer, buffers.size()),
          nullptr, source);
    if (wantsPointer && memory.names[args[i].buffer].empty())
      memory.names[args[i].buffer] = p->nameHint;
    // Code compiled from `i32:16` or `i32:1` may rely on the promise, so an
    // argument breaking it is refused as the launcher refuses it.
    const tir::ParamHint hint = i < function.paramHints.size() ? function.paramHints[i] : tir::ParamHint{};
    if (!wantsPointer && isInteger(p->type.elem.kind)) {
      int64_t v = sextBits(args[i].bits, bitWidth(p->type.elem.kind));
      if (hint.equalToOne && v != 1)
        return failure(
            fmt::format("argument {} (`{}`) is {}, which the signature promises equal to 1", i + 1, p->nameHint, v),
            nullptr, source);
      if (hint.divisibility > 1 && v % hint.divisibility != 0)
        return failure(fmt::format("argument {} (`{}`) is {}, which the signature promises divisible by {}", i + 1,
                                   p->nameHint, v, hint.divisibility),
                       nullptr, source);
    }
  }

  int64_t pid[3] = {0, 0, 0};
  try {
    for (pid[2] = 0; pid[2] < grid.z; ++pid[2])
      for (pid[1] = 0; pid[1] < grid.y; ++pid[1])
        for (pid[0] = 0; pid[0] < grid.x; ++pid[0]) {
          // Parameters are defined afresh for each program: nothing may
          // leak from one program into the next but memory.
          for (size_t i = 0; i < params.size(); ++i) {
            const tir::Value *p = params[i].get();
            frame.define(p).bits[0] = p->type.elem.isPointer() ? makePointer(args[i].buffer, 0)
                                                               : truncBits(args[i].bits, bitWidth(p->type.elem.kind));
          }
          Program(frame, memory, pid, grid).run(function.body);
        }
  } catch (const KernelFault &fault) {
    return failure(fmt::format("{} in program ({}, {}, {}){}{}", fault.what(), pid[0], pid[1], pid[2],
                               fault.detail.empty() ? "" : ": ", fault.detail),
                   fault.op, source);
  }
  return {};
}

} // namespace tritonc::interp
